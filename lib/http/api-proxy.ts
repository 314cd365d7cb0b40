import { NextResponse, type NextRequest } from 'next/server';
import { matchApiRoute } from './api-routes';
import { finish, requestIdOf } from './edge';
import { failure } from './envelope';

/**
 * What the request proxy (proxy.ts) does with an /api request, before any route runs:
 *  - a path whose resource names are spelled in another case (`/organization/1/accessLink/x`) is
 *    rewritten to the route's own spelling: Tedee's docs call path and query names
 *    case-insensitive, and its samples use both spellings;
 *  - a method the route does not serve answers 405 in the envelope, with `Allow` (Next.js would
 *    answer an empty 405);
 *  - an unknown path goes on to app/api/[...path], the envelope's 404 (`/API/...` too: the prefix
 *    in any case, like the rest of the path).
 * Returns undefined to let the request through unchanged.
 */
export function apiProxy(req: NextRequest): Response | undefined {
  const m = matchApiRoute(req.nextUrl.pathname);
  if (!m) {
    // `/API/...` (another case of the prefix, no route behind it): the catch-all's 404 in the
    // envelope, which only `/api/...` reaches, instead of Next.js's HTML page
    if (req.nextUrl.pathname.startsWith('/api/')) return undefined;
    const url = req.nextUrl.clone();
    url.pathname = `/api/${req.nextUrl.pathname.slice(5)}`;
    return NextResponse.rewrite(url);
  }
  if (!m.allow.includes(req.method)) return methodNotAllowed(req, m.allow);
  if (m.pathname === req.nextUrl.pathname.replace(/\/$/, '')) return undefined;
  const url = req.nextUrl.clone();
  url.pathname = m.pathname;
  return NextResponse.rewrite(url);
}

/** 405 in the envelope, with the methods the path does serve. */
export function methodNotAllowed(req: NextRequest, allow: string[]): Response {
  const res = failure(
    405,
    [
      `${req.method} is not served at this path; it takes ${allow.filter((x) => x !== 'HEAD' && x !== 'OPTIONS').join(', ')}.`,
    ],
    { allow: allow.join(', ') },
  );
  return finish(req, res, requestIdOf(req), performance.now());
}

/** The envelope's 404 for a path no route serves (app/api/[...path]). */
export const notFoundPath = () =>
  failure(404, ['No endpoint at this path. Paths begin with /api/v37 (docs/api-compatibility.md lists them).']);
