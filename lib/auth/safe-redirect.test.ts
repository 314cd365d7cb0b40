import { describe, expect, it } from 'vitest';
import { safeRedirectPath, safeRedirectUrl } from './safe-redirect';

/** Where a freshly signed-in user is sent: this site's pages only. */
describe('redirect targets after sign-in', () => {
  it.each([
    '/\t/evil.example', // a browser drops the tab: //evil.example
    '/\n/evil.example',
    '/\r\n/x',
    '/%09/evil.example',
    '/%0A/x',
    '/%0a%0dSet-Cookie:x',
    '//evil.example',
    '/\\evil.example',
    '/%5Cevil.example',
    '/ /evil.example',
    'https://evil.example/devices',
    'javascript:alert(1)',
    'devices',
    '',
    '/sign-in?callbackUrl=/sign-in',
    '/api/v37/my/lock',
  ])('%j stays home (the default page)', (raw) => {
    expect(safeRedirectPath(raw)).toBe('/home');
  });

  it.each([
    ['/settings/access-keys', '/settings/access-keys'],
    ['/devices/12?tab=pins#x', '/devices/12?tab=pins#x'],
    ['/devices/%2F%2Fevil.example', '/devices/%2F%2Fevil.example'],
    ['/organization/../settings', '/settings'],
  ])('%j is kept as %j', (raw, kept) => {
    expect(safeRedirectPath(raw)).toBe(kept);
  });

  it("next-auth's redirects: paths and the app's own URLs are kept, anything else goes home", () => {
    const base = 'http://localhost:3000';
    expect(safeRedirectUrl('/settings/security', base)).toBe(`${base}/settings/security`);
    expect(safeRedirectUrl(`${base}/devices/3`, base)).toBe(`${base}/devices/3`);
    expect(safeRedirectUrl('/sign-in', base)).toBe(`${base}/sign-in`);
    expect(safeRedirectUrl('https://evil.example/', base)).toBe(`${base}/home`);
    expect(safeRedirectUrl('/%09/evil.example', base)).toBe(`${base}/home`);
    expect(safeRedirectUrl('http://localhost:3000.evil.example/', base)).toBe(`${base}/home`);
  });
});
