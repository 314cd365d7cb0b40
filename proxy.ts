import { NextResponse, type NextRequest } from 'next/server';

/**
 * Layouts cannot see the requested path, so the signed-in layout could not send people back
 * where they were going after sign-in. This passes the path on as a request header (x-pathname).
 * Pages only: the API, assets and the public link page are not matched (no cost there).
 */
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set('x-pathname', request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ['/((?!api/|_next/|link/|sign-in|favicon\\.ico|.*\\.(?:png|svg|ico|txt|webmanifest)$).*)'],
};
