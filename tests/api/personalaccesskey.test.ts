import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { personalAccessKeys } from '@/db/schema';
import { SCOPES } from '@/lib/auth/scopes';
import { createKeyFor, sessionHeaders } from '../support/factories/account';
import { createUser, db } from '../support/factories/core';
import { api } from '../support/router';

const BASE = '/api/v37/my/personalaccesskey';
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

describe('create and list keys', () => {
  it('creates a key (201 {id, key}), shown once: only a hash is stored, the list never shows it', async () => {
    const u = await createUser();
    const r = await api('POST', BASE, {
      headers: await sessionHeaders(u),
      body: { name: '  Home Assistant  ', scopes: ['Device.Read', 'Lock.Operate'], days: 30 },
    });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ success: true, statusCode: 201, errorMessages: [] });
    const { id, key } = r.json.result;
    expect(Object.keys(r.json.result).sort()).toEqual(['id', 'key']);
    expect(key).toMatch(/^slk_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);

    const [row] = await (await db()).select().from(personalAccessKeys).where(eq(personalAccessKeys.id, id));
    expect(JSON.stringify(row)).not.toContain(key.slice(13));
    expect(row.secretHash).not.toBe(key.slice(13));

    const list = await api('GET', BASE, { key: u.key });
    const item = list.json.result.find((k: { id: string }) => k.id === id);
    expect(item).toEqual({
      id,
      name: 'Home Assistant',
      prefix: key.slice(4, 12),
      scopes: ['Lock.Operate', 'Device.Read'],
      validTo: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      lastUsed: null,
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
      revoked: null,
      status: 'active',
    });
    expect(Math.abs(new Date(item.validTo).getTime() - Date.now() - 30 * 86_400_000)).toBeLessThan(60_000);
    expect(list.text).not.toContain(key);
  });

  it('the new key works with exactly its scopes', async () => {
    const u = await createUser();
    const { key } = (
      await api('POST', BASE, {
        headers: await sessionHeaders(u),
        body: { name: 'reader', scopes: ['Account.Read'], days: 1 },
      })
    ).json.result;
    expect((await api('GET', BASE, { key })).status).toBe(200);
    expect((await api('POST', BASE, { key, body: { name: 'x', scopes: ['Account.Read'], days: 1 } })).status).toBe(403);
  });

  it('lists only the caller’s keys, newest first, with expired and revoked ones marked', async () => {
    const [u, other] = await Promise.all([createUser(), createUser()]);
    const theirs = await createKeyFor(other.id, { name: 'theirs' });
    const expired = await createKeyFor(u.id, { name: 'old', validTo: new Date(Date.now() - 1000) });
    const revoked = await createKeyFor(u.id, { name: 'gone', revokedAt: new Date() });
    const r = await api('GET', BASE, { key: await u.keyWith(['Account.Read']) });
    const byId = new Map(r.json.result.map((k: { id: string }) => [k.id, k]));
    expect(byId.has(theirs.id)).toBe(false);
    expect(byId.get(expired.id)).toMatchObject({ status: 'expired', revoked: null });
    expect(byId.get(revoked.id)).toMatchObject({ status: 'revoked', revoked: expect.stringMatching(/Z$/) });
    const created = r.json.result.map((k: { created: string }) => k.created);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('without validTo or days a key lives 90 days; validTo is taken as UTC', async () => {
    const u = await createUser();
    const headers = await sessionHeaders(u);
    const a = (await api('POST', BASE, { headers, body: { name: 'a', scopes: ['Device.Read'] } })).json.result;
    const b = (
      await api('POST', BASE, { headers, body: { name: 'b', scopes: ['Device.Read'], validTo: '2027-06-01T10:00:00' } })
    ).json.result;
    const list = (await api('GET', BASE, { key: u.key })).json.result;
    const validTo = (id: string) => list.find((k: { id: string }) => k.id === id).validTo;
    expect(Math.abs(new Date(validTo(a.id)).getTime() - Date.now() - 90 * 86_400_000)).toBeLessThan(60_000);
    expect(validTo(b.id)).toBe('2027-06-01T10:00:00.000Z');
  });

  it.each([
    [{ name: '', scopes: ['Device.Read'] }, /name/],
    [{ name: 'x'.repeat(101), scopes: ['Device.Read'] }, /at most 100/],
    [{ name: 'x', scopes: [] }, /at least one scope/],
    [{ name: 'x', scopes: ['Device.Read', 'Door.Open'] }, /unknown scope "Door\.Open"/],
    [{ name: 'x', scopes: 'Device.Read' }, /scopes/],
    [{ name: 'x', scopes: ['Device.Read'], validTo: inDays(-1) }, /future/],
    [{ name: 'x', scopes: ['Device.Read'], validTo: inDays(5 * 366) }, /at most 5 years/],
    [{ name: 'x', scopes: ['Device.Read'], days: 1830 }, /at most 5 years/],
    [{ name: 'x', scopes: ['Device.Read'], days: 0 }, /days/],
    [{ name: 'x', scopes: ['Device.Read'], days: 1.5 }, /whole number/],
    [{ name: 'x', scopes: ['Device.Read'], days: 3, validTo: inDays(3) }, /either validTo or days/],
    [{ name: 'x', scopes: ['Device.Read'], validTo: 'next week' }, /validTo/],
  ])('refuses %j with 400', async (body, message) => {
    const u = await createUser();
    const r = await api('POST', BASE, { headers: await sessionHeaders(u), body });
    expect(r.status).toBe(400);
    expect(r.json.errorMessages.join(' ')).toMatch(message);
  });

  it('accepts exactly 5 years minus a minute', async () => {
    const u = await createUser();
    const to = new Date();
    to.setUTCFullYear(to.getUTCFullYear() + 5);
    const r = await api('POST', BASE, {
      headers: await sessionHeaders(u),
      body: { name: 'long', scopes: ['Device.Read'], validTo: new Date(to.getTime() - 60_000).toISOString() },
    });
    expect(r.status).toBe(201);
  });
});

describe('no escalation through keys', () => {
  it('a key cannot create a key with scopes it does not hold (403 naming them); a session can (see auth.test.ts)', async () => {
    const u = await createUser();
    const k = await u.keyWith(['Account.ReadWrite', 'Device.Read']);
    const r = await api('POST', BASE, {
      key: k,
      body: { name: 'more', scopes: ['Device.Read', 'Lock.Operate', 'Device.ReadWrite'], days: 1 },
    });
    expect(r.status).toBe(403);
    expect(r.json.errorMessages[0]).toMatch(/does not hold itself: Lock\.Operate, Device\.ReadWrite/);
    const ok = await api('POST', BASE, {
      key: k,
      body: { name: 'same', scopes: ['Device.Read', 'Account.ReadWrite'], validTo: inDays(0.5) },
    });
    expect(ok.status).toBe(201);
  });

  it('X.ReadWrite lets a key hand out X.Read, never the reverse', async () => {
    const u = await createUser();
    const k = await u.keyWith(['Account.ReadWrite', 'Organization.ReadWrite']);
    expect(
      (await api('POST', BASE, { key: k, body: { name: 'r', scopes: ['Organization.Read'], validTo: inDays(0.5) } }))
        .status,
    ).toBe(201);
    const weak = await u.keyWith(['Account.ReadWrite', 'Organization.Read']);
    expect(
      (
        await api('POST', BASE, {
          key: weak,
          body: { name: 'rw', scopes: ['Organization.ReadWrite'], validTo: inDays(0.5) },
        })
      ).status,
    ).toBe(403);
  });

  it('a key cannot make a key that outlives itself', async () => {
    const u = await createUser();
    const k = await u.keyWith(['Account.ReadWrite']); // valid one day
    const r = await api('POST', BASE, { key: k, body: { name: 'long', scopes: ['Account.Read'], days: 30 } });
    expect(r.status).toBe(403);
    expect(r.json.errorMessages[0]).toMatch(/outlives itself/);
  });

  it('a key can neither widen a key nor change one holding scopes it lacks', async () => {
    const u = await createUser();
    const k = await u.keyWith(['Account.ReadWrite', 'Device.Read']);
    const small = await createKeyFor(u.id, { scopes: ['Device.Read'] });
    const big = await createKeyFor(u.id, { scopes: [...SCOPES] });
    expect((await api('PUT', `${BASE}/${small.id}`, { key: k, body: { scopes: ['Lock.Operate'] } })).status).toBe(403);
    expect((await api('PUT', `${BASE}/${big.id}`, { key: k, body: { name: 'renamed' } })).status).toBe(403);
    expect(
      (await api('PUT', `${BASE}/${small.id}`, { key: k, body: { name: 'renamed', scopes: ['Device.Read'] } })).status,
    ).toBe(204);
    // but revoking is always allowed: it only takes power away
    expect((await api('DELETE', `${BASE}/${big.id}`, { key: k })).status).toBe(204);
  });
});

describe('change and revoke', () => {
  it('PUT changes name, scopes and expiry (only what is sent) and answers 204, as Tedee documents it', async () => {
    const u = await createUser();
    const k = await createKeyFor(u.id, { name: 'old', scopes: ['Device.Read'] });
    const headers = await sessionHeaders(u);
    const r = await api('PUT', `${BASE}/${k.id}`, {
      headers,
      body: { name: ' new ', scopes: ['Device.ReadWrite', 'Device.Read'], validTo: '2027-01-01T00:00:00Z' },
    });
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    const listed = async () =>
      (await api('GET', BASE, { key: u.key })).json.result.find((x: { id: string }) => x.id === k.id);
    expect(await listed()).toMatchObject({
      id: k.id,
      name: 'new',
      scopes: ['Device.Read', 'Device.ReadWrite'],
      validTo: '2027-01-01T00:00:00.000Z',
      status: 'active',
    });
    expect((await api('PUT', `${BASE}/${k.id}`, { headers, body: { days: 10 } })).status).toBe(204);
    const again = await listed();
    expect(again).toMatchObject({ name: 'new', scopes: ['Device.Read', 'Device.ReadWrite'] });
    expect(new Date(again.validTo).getTime()).toBeGreaterThan(Date.now() + 9 * 86_400_000);
    expect((await api('PUT', `${BASE}/${k.id}`, { key: u.key, body: { scopes: [] } })).status).toBe(400);
  });

  it('DELETE revokes (204): the key gets 401 on its next call; revoking again is still 204; changing it is 409', async () => {
    const u = await createUser();
    const k = await createKeyFor(u.id);
    expect((await api('GET', BASE, { key: k.key })).status).toBe(200);
    const r = await api('DELETE', `${BASE}/${k.id}`, { key: u.key });
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    const after = await api('GET', BASE, { authorization: `PersonalKey ${k.key}` });
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    const revokedAt = (await api('GET', BASE, { key: u.key })).json.result.find(
      (x: { id: string }) => x.id === k.id,
    ).revoked;
    expect((await api('DELETE', `${BASE}/${k.id}`, { key: u.key })).status).toBe(204);
    expect(
      (await api('GET', BASE, { key: u.key })).json.result.find((x: { id: string }) => x.id === k.id).revoked,
    ).toBe(revokedAt);
    expect((await api('PUT', `${BASE}/${k.id}`, { key: u.key, body: { name: 'back' } })).status).toBe(409);
  });

  it('a key may revoke itself', async () => {
    const u = await createUser();
    const k = await createKeyFor(u.id, { scopes: ['Account.ReadWrite'] });
    expect((await api('DELETE', `${BASE}/${k.id}`, { key: k.key })).status).toBe(204);
    expect((await api('GET', BASE, { key: k.key })).status).toBe(401);
  });

  it('another user’s key, or an unknown id: 404 and nothing changes', async () => {
    const [u, other] = await Promise.all([createUser(), createUser()]);
    const theirs = await createKeyFor(other.id, { name: 'theirs' });
    for (const [m, body] of [
      ['PUT', { name: 'mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const r = await api(m, `${BASE}/${theirs.id}`, { key: u.key, body });
      expect(r.status).toBe(404);
      expect(r.json.errorMessages).toEqual(['Access key not found.']);
    }
    expect((await api('GET', BASE, { key: theirs.key })).status).toBe(200);
    expect((await api('DELETE', `${BASE}/00000000-0000-4000-8000-000000000000`, { key: u.key })).status).toBe(404);
  });
});
