import { NextResponse, type NextRequest } from 'next/server';
import { isDevelopment } from '@/lib/config/build';
import { isHttps } from '@/lib/config/env';
import { apiProxy } from '@/lib/http/api-proxy';
import { builtPageScriptSources } from '@/lib/http/static-page-csp';

/**
 * API requests (/api/...) pass here for their route: the path's case, 405 with `Allow` (see
 * lib/http/api-proxy.ts); their headers are the edge's (lib/http/edge.ts).
 *
 * Every page (not static files) passes here:
 *  - a Content-Security-Policy: no page may be framed, and only scripts Next.js itself wrote may
 *    run. A page rendered per request (they read the session) carries a fresh nonce, which Next.js
 *    gives its scripts (read from the request's copy of the policy). The guest's link page is built
 *    once and served as a file for every link (app/link/page.tsx; next.config.mjs sends /link/{token}
 *    there): its policy lists the hashes of that file's inline scripts instead
 *    (lib/http/static-page-csp.ts); `next dev` renders it per request, with a nonce, as every page;
 *  - HSTS when the public URL (NEXTAUTH_URL) is https; the headers every response gets are in
 *    next.config.mjs;
 *  - the requested path as a request header (x-pathname): layouts cannot see it, and the signed-in
 *    layout sends people back where they were going after sign-in.
 */
const GUEST_PAGE = /^\/link(?:\/[^/]+)?\/?$/;

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (/^\/api\//i.test(pathname)) return apiProxy(request) ?? NextResponse.next();
  const https = isHttps();
  const dev = isDevelopment();
  const guest = GUEST_PAGE.test(pathname);
  const nonce = guest && !dev ? null : btoa(crypto.randomUUID());
  const scripts = nonce ? [`'nonce-${nonce}'`, "'strict-dynamic'"] : builtPageScriptSources('/link');
  const policy = [
    "default-src 'self'",
    `script-src 'self' ${scripts.join(' ')}${dev ? " 'unsafe-eval'" : ''}`,
    `style-src 'self'${nonce ? ` 'nonce-${nonce}'` : ''}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  const headers = new Headers(request.headers);
  headers.set('content-security-policy', policy);
  if (nonce) headers.set('x-nonce', nonce);
  // the link's token stays out of the page's request headers (nothing on that page reads them)
  if (!guest) headers.set('x-pathname', pathname + search);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('content-security-policy', policy);
  if (https) response.headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
  return response;
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon\\.ico|.*\\.(?:png|svg|ico|txt|webmanifest)$).*)'],
};
