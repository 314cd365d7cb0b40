/**
 * Where to go after sign-in. Only paths of this site are followed (an absolute or
 * protocol-relative URL could send a freshly signed-in user to someone else's page).
 */
export function safeCallbackUrl(raw: string | string[] | undefined | null): string {
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (!v || !v.startsWith('/') || v.startsWith('//') || v.startsWith('/\\')) return '/devices';
  if (v.startsWith('/sign-in') || v.startsWith('/api/')) return '/devices';
  return v;
}
