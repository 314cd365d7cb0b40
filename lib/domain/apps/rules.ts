import { Invalid } from '../errors';

export const MAX_REDIRECT_URIS = 10;
export const MAX_LOGO_BYTES = 64 * 1024;

/**
 * A redirect address an app may register (OAuth 2.1, RFC 8252): https; http only to this machine
 * (127.0.0.1, [::1] or localhost, for apps that listen on the loopback); or a private-use scheme
 * in reverse-domain form (com.example.app:/callback) for phone apps. Never a fragment, never
 * credentials, never a wildcard: the address is compared exactly.
 */
export function checkRedirectUri(raw: string, where: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw Invalid(`${where}: must be an absolute address (https://...)`);
  }
  if (u.hash || raw.includes('#')) throw Invalid(`${where}: must not contain a fragment (#)`);
  if (u.username || u.password) throw Invalid(`${where}: must not contain a user name or password`);
  if (raw.includes('*')) throw Invalid(`${where}: must be an exact address, without wildcards`);
  if (u.protocol === 'https:') return u.href;
  if (u.protocol === 'http:') {
    if (['127.0.0.1', '[::1]', 'localhost'].includes(u.hostname)) return u.href;
    throw Invalid(`${where}: http is allowed only to this machine (127.0.0.1, [::1], localhost); use https`);
  }
  if (/^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$/.test(u.protocol) && !['javascript:', 'data:', 'file:'].includes(u.protocol))
    return raw;
  throw Invalid(
    `${where}: must be https, http to 127.0.0.1, or an app scheme in reverse-domain form (com.example.app:/callback)`,
  );
}

/** The app's logo: a PNG, JPEG or WebP image of at most 64 KB, told by its bytes, not by what the client says. */
export function checkLogo(dataUrl: string): { logo: string; logoType: string } {
  const m = /^data:image\/(png|jpeg|webp);base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!m) throw Invalid('logo: must be a PNG, JPEG or WebP image (a data: URL in base64)');
  const bytes = Buffer.from(m[2], 'base64');
  if (bytes.length > MAX_LOGO_BYTES) throw Invalid('logo: must be at most 64 KB');
  const type = sniff(bytes);
  if (!type) throw Invalid('logo: is not a PNG, JPEG or WebP image');
  return { logo: bytes.toString('base64'), logoType: type };
}

function sniff(b: Buffer): string | null {
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}
