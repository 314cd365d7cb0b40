import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { config } from '@/lib/config';
import { createUser } from '../support/factories/core';
import { sharingCast } from '../support/factories/access';
import { api } from '../support/router';

const REGISTER = '/api/v37/account/register';
const ip = () => ({ 'x-forwarded-for': `203.0.113.7-${randomUUID()}` });
const email = () => `fresh-${randomUUID().slice(0, 8)}@Test.Local`;

describe('POST /account/register', () => {
  it('creates an unconfirmed account (202) with the password stored only as a hash and the address normalized', async () => {
    const e = email();
    const res = await api('POST', REGISTER, {
      headers: ip(),
      body: { email: ` ${e} `, password: 'a-good-password', displayName: '  Ada  ' },
    });
    expect(res.status).toBe(202);
    expect(res.json.result).toEqual({ email: e.toLowerCase(), message: expect.stringContaining(e.toLowerCase()) });
    const { verifyPassword } = await import('@/lib/auth/password');
    const { users } = await import('@/db/schema');
    const { sql } = await import('drizzle-orm');
    const { db } = await import('../support/factories/core');
    const [u] = await (await db()).select().from(users).where(sql`${users.email} = ${e.toLowerCase()}`);
    expect(u).toMatchObject({ displayName: 'Ada', emailVerifiedAt: null });
    expect(await verifyPassword('a-good-password', u.passwordHash)).toBe(true);
    expect(JSON.stringify(res.json)).not.toContain('password');
  });

  it('claims nothing: a pending share for the e-mail stays pending until its invitation is accepted', async () => {
    const c = await sharingCast();
    const e = email();
    const grant = await api('POST', `/api/v37/my/device/${c.lock.id}/access`, {
      key: c.owner.key,
      body: { principalType: 0, userEmail: e, accessLevel: 0, remoteAccessDisabled: false, weekDays: 127 },
    });
    expect(grant.status).toBe(201);
    const res = await api('POST', REGISTER, {
      headers: ip(),
      body: { email: e.toUpperCase(), password: 'a-good-password', displayName: 'Invited' },
    });
    expect(res.status).toBe(202);
    const list = await api(
      'GET',
      `/api/v37/my/device/${c.lock.id}/access?Filters.Text=${encodeURIComponent(e.toLowerCase())}`,
      { key: c.owner.key },
    );
    expect(list.json.result).toHaveLength(1);
    expect(list.json.result[0]).toMatchObject({
      id: grant.json.id,
      isPending: true,
      principalId: grant.json.id,
      weekDays: 127,
    });
  });

  it('answers an e-mail that already has an account like any other (202, no account discovery) and refuses invalid input (400)', async () => {
    const existing = await createUser();
    const dup = await api('POST', REGISTER, {
      headers: ip(),
      body: { email: existing.email.toUpperCase(), password: 'a-good-password', displayName: 'Dup' },
    });
    expect(dup.status).toBe(202);
    expect(dup.json.result.email).toBe(existing.email.toLowerCase());
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ email: 'no-at-sign', password: 'a-good-password', displayName: 'X' }, /email/],
      [{ email: email(), password: 'short', displayName: 'X' }, /8 characters/],
      [{ email: email(), password: 'a-good-password', displayName: '   ' }, /name/],
      [{ email: email(), password: 'a-good-password', displayName: 'Eve\u202eevE' }, /direction-changing/],
      [{ email: email(), displayName: 'X' }, /password/],
    ];
    for (const [body, msg] of bad) {
      const res = await api('POST', REGISTER, { headers: ip(), body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.errorMessages.join(' ')).toMatch(msg);
    }
  });

  it('limits sign-ups per client address (429 after the limit, others unaffected)', async () => {
    const headers = ip();
    const limit = config().SIGNUP_RATE_LIMIT;
    for (let i = 0; i < limit; i++) {
      expect(
        (
          await api('POST', REGISTER, {
            headers,
            body: { email: email(), password: 'a-good-password', displayName: 'R' },
          })
        ).status,
      ).toBe(202);
    }
    const over = await api('POST', REGISTER, {
      headers,
      body: { email: email(), password: 'a-good-password', displayName: 'R' },
    });
    expect(over.status).toBe(429);
    expect(
      (
        await api('POST', REGISTER, {
          headers: ip(),
          body: { email: email(), password: 'a-good-password', displayName: 'R' },
        })
      ).status,
    ).toBe(202);
  });
});

describe('the shared sign-up counter', () => {
  it('counts per key within a window and starts again in the next one', async () => {
    const { hitSignupLimit: hitRateLimit } = await import('@/lib/domain/signup/limit');
    const { db } = await import('../support/factories/core');
    const d = await db();
    const key = `test-${randomUUID()}`;
    const t0 = new Date('2026-05-01T10:00:00Z');
    await hitRateLimit(d, key, 2, 600, t0);
    await hitRateLimit(d, key, 2, 600, new Date(t0.getTime() + 1000));
    await expect(hitRateLimit(d, key, 2, 600, new Date(t0.getTime() + 2000))).rejects.toMatchObject({
      code: 'rate_limited',
      retryAfterSeconds: 598,
    });
    await expect(hitRateLimit(d, key, 2, 600, new Date(t0.getTime() + 600_000))).resolves.toBeUndefined();
  });
});
