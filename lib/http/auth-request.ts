import type { NextRequest } from 'next/server';
import { failure } from './envelope';

/**
 * What next-auth's own handler (app/api/auth/[...nextauth]) would answer with 500, refused first
 * with 400/405 in the envelope. Found by the fuzz run through a real server (tests/fuzz/nextauth.test.ts):
 * - a callbackUrl (query or next-auth's callback-url cookie) that is not an http(s) URL or a path:
 *   next-auth answers INVALID_CALLBACK_URL_ERROR with 500;
 * - GET on a callback: every provider here is a credentials provider, which next-auth serves on POST
 *   only, and on GET it answers 500 ("not supported");
 * - a JSON body that is not JSON: next-auth parses it unguarded.
 * A callbackUrl that is an http(s) URL elsewhere is next-auth's to refuse (the redirect callback
 * keeps every redirect on this site, lib/auth/safe-redirect.ts).
 */
export async function refuseMalformedAuthRequest(req: NextRequest): Promise<Response | undefined> {
  const callbacks = [
    req.nextUrl.searchParams.get('callbackUrl'),
    ...req.cookies
      .getAll()
      .filter((c) => /(^|\.)next-auth\.callback-url$/.test(c.name))
      .map((c) => c.value),
  ];
  for (const url of callbacks) {
    if (url !== null && !isHttpUrl(url, req.nextUrl.origin))
      return failure(400, ['callbackUrl must be a path on this site or an http(s) address.']);
  }
  if (req.method === 'GET' && /^\/api\/auth\/callback\//i.test(req.nextUrl.pathname))
    return failure(405, ['Sign-in steps are sent with POST.'], { allow: 'POST' });
  if (req.method === 'POST' && /^application\/json\b/i.test(req.headers.get('content-type') ?? '')) {
    const text = await req.clone().text();
    try {
      if (text) JSON.parse(text);
    } catch {
      return failure(400, ['Request body must be valid JSON.']);
    }
  }
  return undefined;
}

/** As next-auth judges a callbackUrl: a path (against this site) or an absolute http(s) URL. */
function isHttpUrl(url: string, base: string): boolean {
  try {
    return /^https?:$/.test(new URL(url, url.startsWith('/') ? base : undefined).protocol);
  } catch {
    return false;
  }
}
