import { randomUUID } from 'node:crypto';
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

  for (const secret of candidates) {
    const opened = await decode({ token: real, secret }).catch(() => null);
    expect(opened, `the server's session secret is in the repository: ${JSON.stringify(secret)}`).toBeNull();
  }

  // over HTTP: every candidate that looks like a secret and is long enough for the server to start
  // with (it refuses a NEXTAUTH_SECRET under 32 bytes: e2e/startup.spec.ts), in case the server
  // took a second secret beside its own (the loop above already tried every candidate against the
  // server's real cookie; all 15,000 over HTTP took ten minutes of CI's time)
  const api = page.request;
  const forgeries = candidates.filter((c) => looksSecret(c) && Buffer.byteLength(c) >= 32);
  expect(forgeries).toContain('dev-only-secret-change-me-in-production-0123456789');
  const refused: number[] = [];
  for (let i = 0; i < forgeries.length; i += 25) {
    const batch = forgeries.slice(i, i + 25);
    const statuses = await Promise.all(
      batch.map(async (secret) => {
        const forged = await encode({ token: { ...owner, sid: randomUUID() }, secret, maxAge: 3600 });
        return (
          // each on a connection of its own: a kept-alive one the server closes as the next request
          // goes out (its 5 s idle timeout, on a busy machine) is reset without an answer (CI, once)
          (
            await api.get('/api/v37/my/personalaccesskey', {
              headers: { cookie: `${COOKIE}=${forged}`, connection: 'close' },
            })
          ).status()
        );
      }),
    );
    statuses.forEach((s, j) => expect(s, `a session forged with ${JSON.stringify(batch[j])} was accepted`).toBe(401));
    refused.push(...statuses);
  }
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
