import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { decode, encode } from 'next-auth/jwt';
import { DEMO, expect, signIn, test } from './fixtures';
import { looksSecret, repositoryStrings } from './repository-strings';

/**
 * No secret in the code: a session cookie for the owner, made with next-auth's own encode() and
 * any string found in the repository as the secret, is refused by the running server (401 on the
 * API, the sign-in page for pages). The candidates are read from the repository when the test
 * runs, so a secret written into it later is caught too. And none of them opens a real session
 * cookie of this server (which would mean its secret is one of them).
 */
const COOKIE = 'next-auth.session-token';

test('a session forged with any string of the repository is refused; none of them opens a real cookie', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const candidates = repositoryStrings();
  expect(candidates.length).toBeGreaterThan(1000);
  expect(candidates).toContain('dev-only-secret-change-me-in-production-0123456789'); // the former demo's, still in the code for its migration

  // who the owner is: any guest of a shared device can learn it; here, from the owner's own session
  await signIn(page, DEMO.owner, { to: '/settings/access-keys' });
  const me = await (await page.request.get('/api/auth/session')).json();
  const owner = {
    sub: me.user.id as string,
    email: DEMO.owner,
    name: me.user.name as string,
    numId: me.user.numId as number,
  };
  const real = (await page.context().cookies()).find((c) => c.name === COOKIE)!.value;

  // one expect for all of them: Playwright records each expect as a step of the test, and 18,000
  // of them took two minutes of CI's time on each leg where the decodes take two seconds
  const opening: string[] = [];
  for (const secret of candidates)
    if ((await decode({ token: real, secret }).catch(() => null)) !== null) opening.push(secret);
  expect(opening, "the server's session secret is in the repository").toEqual([]);

  // over HTTP: every candidate that looks like a secret and is long enough for the server to start
  // with (it refuses a NEXTAUTH_SECRET under 32 bytes: e2e/startup.spec.ts), in case the server
  // took a second secret beside its own (the loop above already tried every candidate against the
  // server's real cookie; all 15,000 over HTTP took ten minutes of CI's time)
  const forgeries = candidates.filter((c) => looksSecret(c) && Buffer.byteLength(c) >= 32);
  expect(forgeries).toContain('dev-only-secret-change-me-in-production-0123456789');
  const refused: number[] = [];
  const accepted: string[] = [];
  // the server listens on 127.0.0.1 (localhost may resolve to ::1 first)
  const target = new URL('/api/v37/my/personalaccesskey', baseURL);
  target.hostname = '127.0.0.1';
  for (let i = 0; i < forgeries.length; i += 25) {
    const batch = forgeries.slice(i, i + 25);
    const statuses = await Promise.all(
      batch.map(async (secret) =>
        statusOf(target, `${COOKIE}=${await encode({ token: { ...owner, sid: randomUUID() }, secret, maxAge: 3600 })}`),
      ),
    );
    statuses.forEach((s, j) => (s === 401 ? refused.push(s) : accepted.push(`${s}: ${JSON.stringify(batch[j])}`)));
  }
  expect(accepted, 'sessions forged with these secrets were not refused with 401').toEqual([]);
  expect(refused).toHaveLength(forgeries.length);

  // pages: the demo's former secrets and a few dozen more
  const context = await browser.newContext();
  const visitor = await context.newPage();
  for (const secret of new Set([
    ...forgeries.filter((c) => /dev-only|change-me/i.test(c)),
    ...forgeries.slice(0, 30),
  ])) {
    const forged = await encode({ token: { ...owner, sid: randomUUID() }, secret, maxAge: 3600 });
    await context.clearCookies();
    await context.addCookies([{ name: COOKIE, value: forged, url: baseURL! }]);
    const res = await visitor.request.get('/settings/access-keys', { maxRedirects: 0 });
    expect(res.status(), secret).toBeGreaterThanOrEqual(300);
    expect(res.status(), secret).toBeLessThan(400);
    expect(res.headers()['location'] ?? '', secret).toMatch(/\/sign-in/);
  }
  await context.close();
});

/**
 * A GET's status over a connection of its own (no agent: each request opens and closes one; a
 * kept-alive one the server closes as the next request goes out, on its 5 s idle timeout on a busy
 * machine, is reset without an answer: CI, once), sent with Node's http rather than the test's
 * request fixture, whose every call is recorded as a step of the test (a minute for 1,750).
 */
function statusOf(url: URL, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { cookie }, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
  });
}
