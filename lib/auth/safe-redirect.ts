/**
 * Where to send someone after sign-in (the `callbackUrl` of the sign-in page and of next-auth).
 * Only this site's own pages: the target is parsed as the browser would parse it, against the
 * app's origin, and refused when it leaves that origin or holds a control character, a space or
 * a backslash anywhere (a browser drops tabs and newlines, so `/\t/evil.example` would become
 * `//evil.example`, another site). Refused targets go to the default page, never to an error.
 */
export const DEFAULT_AFTER_SIGN_IN = '/home';

const ORIGIN = 'http://app.invalid';
// control characters, space, backslash, and their percent-encoded forms
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0020\u007f\\]|%(?:[01][0-9a-f]|20|7f|5c)/i;

export function safeRedirectPath(raw: string | string[] | undefined | null, fallback = DEFAULT_AFTER_SIGN_IN): string {
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (!v || v.length > 2048 || !v.startsWith('/') || UNSAFE.test(v)) return fallback;
  let u: URL;
  try {
    u = new URL(v, ORIGIN);
  } catch {
    return fallback;
  }
  if (u.origin !== ORIGIN) return fallback;
  const path = u.pathname + u.search + u.hash;
  // the sign-in page itself and the API are no place to land
  if (path.startsWith('//') || u.pathname.startsWith('/sign-in') || u.pathname.startsWith('/api/')) return fallback;
  return path;
}

/**
 * next-auth's redirect callback: a path or an absolute URL of the app itself (`baseUrl`) is kept,
 * as a path; anything else goes to the default page.
 */
export function safeRedirectUrl(url: string, baseUrl: string): string {
  let path = url;
  if (!url.startsWith('/')) {
    try {
      const u = new URL(url);
      if (u.origin !== new URL(baseUrl).origin) return baseUrl + DEFAULT_AFTER_SIGN_IN;
      path = u.pathname + u.search + u.hash;
    } catch {
      return baseUrl + DEFAULT_AFTER_SIGN_IN;
    }
  }
  // the sign-in page is where signing out lands: allowed here
  const safe =
    path.startsWith('/sign-in') && !UNSAFE.test(path) && !path.startsWith('//') ? path : safeRedirectPath(path);
  return baseUrl + safe;
}
