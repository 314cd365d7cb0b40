import { eq } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { describe, expect, it } from 'vitest';
import { setConfig, onPostgres } from '@/tests/support/config';
import { personalAccessKeys } from '@/db/schema';
import { createKeyFor, sessionCookie } from '../support/factories/account';
import { createUser, db } from '../support/factories/core';
import { api, type ApiResponse } from '../support/router';

/** The one gate every /api/v37 endpoint passes, exercised through a real route (the key list). */
const LIST = '/api/v37/my/personalaccesskey';

function expectUnauthorized(r: ApiResponse, challenge: string) {
  expect(r.status).toBe(401);
  expect(r.headers.get('www-authenticate')).toBe(challenge);
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  expect(r.json).toMatchObject({ success: false, statusCode: 401 });
  expect(r.json.errorMessages[0]).toMatch(/\w/);
}

describe('personal access keys at the gate', () => {
  it('no credentials -> 401 with a plain Bearer challenge', async () => {
    expectUnauthorized(await api('GET', LIST), 'Bearer');
  });

  it('both header forms work, in any case of the scheme', async () => {
    const u = await createUser();
    for (const scheme of ['Bearer', 'PersonalKey', 'bearer', 'personalkey']) {
      const r = await api('GET', LIST, { authorization: `${scheme} ${u.key}` });
      expect(r.status, scheme).toBe(200);
    }
  });

  it.each([
    ['an unknown key', 'slk_00000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['a key of another shape', 'not-a-key'],
    ['an empty token', ''],
  ])('%s -> 401 invalid_token', async (_n, token) => {
    expectUnauthorized(await api('GET', LIST, { authorization: `Bearer ${token}` }), 'Bearer error="invalid_token"');
  });

  it('a known prefix with a wrong secret -> 401 invalid_token', async () => {
    const u = await createUser();
    const forged = u.key.slice(0, -4) + (u.key.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expectUnauthorized(await api('GET', LIST, { key: forged }), 'Bearer error="invalid_token"');
  });

  it('another scheme (Basic) -> 401 invalid_token', async () => {
    expectUnauthorized(await api('GET', LIST, { authorization: 'Basic dXNlcjpwYXNz' }), 'Bearer error="invalid_token"');
  });

  it('a revoked key -> 401 invalid_token', async () => {
    const u = await createUser();
    const k = await createKeyFor(u.id, { revokedAt: new Date() });
    expectUnauthorized(await api('GET', LIST, { key: k.key }), 'Bearer error="invalid_token"');
  });

  it('an expired key -> 401 invalid_token; one still valid a moment longer works', async () => {
    const u = await createUser();
    const expired = await createKeyFor(u.id, { validTo: new Date(Date.now() - 1000) });
    const valid = await createKeyFor(u.id, { validTo: new Date(Date.now() + 60_000) });
    expectUnauthorized(await api('GET', LIST, { key: expired.key }), 'Bearer error="invalid_token"');
    expect((await api('GET', LIST, { key: valid.key })).status).toBe(200);
  });

  it('a key in the query string is refused, by name or by value, even with a good header', async () => {
    const u = await createUser();
    for (const q of [`access_token=${u.key}`, `api_key=x`, `ApiKey=x`, `foo=${encodeURIComponent(u.key)}`]) {
      const r = await api('GET', `${LIST}?${q}`, { key: u.key });
      expectUnauthorized(r, 'Bearer error="invalid_request"');
      expect(r.json.errorMessages[0]).toMatch(/query string/);
    }
  });

  it('a key without the scope -> 403 naming the scopes needed', async () => {
    const u = await createUser();
    const r = await api('GET', LIST, { key: await u.keyWith(['Device.Read', 'Lock.Operate']) });
    expect(r.status).toBe(403);
    expect(r.headers.get('www-authenticate')).toBeNull();
    expect(r.json.errorMessages[0]).toContain('Account.Read, Account.ReadWrite');
  });

  it('records when a key was last used, at most once a minute (no write per request)', async () => {
    const u = await createUser();
    const k = await createKeyFor(u.id);
    const d = await db();
    const lastUsed = async () =>
      (await d.select().from(personalAccessKeys).where(eq(personalAccessKeys.id, k.id)))[0].lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await api('GET', LIST, { key: k.key });
    await expect.poll(lastUsed).not.toBeNull();
    const first = await lastUsed();
    await api('GET', LIST, { key: k.key });
    await new Promise((r) => setTimeout(r, 50));
    expect(await lastUsed()).toEqual(first);
  });
});

describe('the session cookie at the gate', () => {
  const body = { name: 'from the portal', scopes: ['Device.Read'], days: 30 };

  it('GET works with the cookie and sees the signed-in user’s data', async () => {
    const u = await createUser();
    await createKeyFor(u.id, { name: 'mine' });
    const r = await api('GET', LIST, { headers: { cookie: await sessionCookie(u) } });
    expect(r.status).toBe(200);
    expect(r.json.result.map((k: { name: string }) => k.name)).toContain('mine');
  });

  it('a write without Origin, or from another origin, is refused with 403', async () => {
    const u = await createUser();
    const cookie = await sessionCookie(u);
    for (const headers of [
      { cookie } as Record<string, string>,
      { cookie, origin: 'https://evil.example' },
      { cookie, origin: 'null' },
      { cookie, origin: 'http://localhost:3001' },
    ]) {
      const r = await api('POST', LIST, { headers, body });
      expect(r.status, JSON.stringify(headers.origin)).toBe(403);
      expect(r.json.errorMessages).toEqual(['Cross-origin request refused.']);
    }
  });

  it('a write from the app’s own origin passes', async () => {
    const u = await createUser();
    const r = await api('POST', LIST, {
      headers: { cookie: await sessionCookie(u), origin: 'http://localhost:3000' },
      body,
    });
    expect(r.status).toBe(201);
  });

  it('behind a proxy: an Origin equal to NEXTAUTH_URL passes (with its __Host- cookie), others do not, whatever X-Forwarded-Host says', async () => {
    const u = await createUser();
    setConfig({ NEXTAUTH_URL: 'https://locks.example.com' });
    const cookie = `__Host-${await sessionCookie(u)}`;
    expect((await api('POST', LIST, { headers: { cookie, origin: 'https://locks.example.com' }, body })).status).toBe(
      201,
    );
    expect((await api('POST', LIST, { headers: { cookie, origin: 'http://locks.example.com' }, body })).status).toBe(
      403,
    );
    expect(
      (await api('POST', LIST, { headers: { cookie, origin: 'https://locks.example.com.evil.io' }, body })).status,
    ).toBe(403);
    // the request's own word on its host counts for nothing
    const evil = { cookie, origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', host: 'evil.example' };
    expect((await api('POST', LIST, { headers: evil, body })).status).toBe(403);
  });

  it('the embedded demo takes writes from the addresses it listens on (127.0.0.1 as printed, localhost) on its port; nothing else', async () => {
    const u = await createUser();
    const cookie = await sessionCookie(u);
    setConfig({ LISTEN_HOST: '127.0.0.1', PORT: '3000' });
    const status = async (origin: string) => (await api('POST', LIST, { headers: { cookie, origin }, body })).status;
    expect(await status('http://localhost:3000')).toBe(201);
    // the Postgres leg is no embedded demo: its public URL alone
    expect(await status('http://127.0.0.1:3000')).toBe(onPostgres() ? 403 : 201);
    for (const other of [
      'http://127.0.0.1:3001',
      'https://127.0.0.1:3000',
      'http://127.0.0.2:3000',
      'http://[::1]:3000',
      'http://127.0.0.1.evil.io:3000',
      'http://192.168.1.5:3000',
      'null',
    ])
      expect(await status(other), other).toBe(403);
  });

  it('an expired or tampered session -> 401', async () => {
    const u = await createUser();
    expectUnauthorized(await api('GET', LIST, { headers: { cookie: await sessionCookie(u, -60) } }), 'Bearer');
    const good = await sessionCookie(u);
    expectUnauthorized(await api('GET', LIST, { headers: { cookie: good.slice(0, -6) + 'AAAAAA' } }), 'Bearer');
  });

  it('a cookie signed with another secret -> 401', async () => {
    const u = await createUser();
    const token = await encode({ token: { sub: u.id }, secret: 'someone-elses-secret' });
    expectUnauthorized(await api('GET', LIST, { headers: { cookie: `next-auth.session-token=${token}` } }), 'Bearer');
  });

  it('a key in the header wins over the cookie (and its scopes apply)', async () => {
    const u = await createUser();
    const r = await api('GET', LIST, {
      key: await u.keyWith(['Device.Read']),
      headers: { cookie: await sessionCookie(u) },
    });
    expect(r.status).toBe(403);
  });
});
