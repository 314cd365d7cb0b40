import { NextResponse, type NextRequest } from 'next/server';
import { isDevelopment } from '@/lib/config/build';
import { isHttps } from '@/lib/config/env';
import { apiProxy } from '@/lib/http/api-proxy';

/**
 * API requests (/api/...) pass here for their route: the path's case, 405 with `Allow` (see
 * lib/http/api-proxy.ts); their headers are the edge's (lib/http/edge.ts).
 *
 * Every page (not static files) passes here:
 *  - a Content-Security-Policy with a fresh nonce: only scripts Next.js itself renders (which it
 *    gives the nonce, read from the request's copy of the policy) may run; no page may be framed.
 *    Pages are rendered per request anyway (they read the session), so the nonce costs nothing more;
 *  - HSTS when the public URL (NEXTAUTH_URL) is https; the headers every response gets are in
 *    next.config.mjs;
 *  - the requested path as a request header (x-pathname): layouts cannot see it, and the signed-in
 *    layout sends people back where they were going after sign-in.
 */
export function proxy(request: NextRequest) {
  if (/^\/api\//i.test(request.nextUrl.pathname)) return apiProxy(request) ?? NextResponse.next();
  const nonce = btoa(crypto.randomUUID());
  const https = isHttps();
  const dev = isDevelopment();
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    `style-src 'self' 'nonce-${nonce}'`,
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
  headers.set('x-pathname', request.nextUrl.pathname + request.nextUrl.search);
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('content-security-policy', policy);
  if (https) response.headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
  return response;
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon\\.ico|.*\\.(?:png|svg|ico|txt|webmanifest)$).*)'],
};
