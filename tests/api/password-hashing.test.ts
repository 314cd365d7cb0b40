import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { issueEmailToken } from '@/lib/auth/email-tokens';
import { createUser, db } from '../support/factories/core';
import { signInStep } from '../support/nextauth';
import { api } from '../support/router';

/**
 * Issue 29: no anonymous lever through password hashing. argon2id off the event loop; the reset
 * endpoint checks its budget and token before it hashes; the access keys end with a reset unless
 * kept; former bcrypt hashes are verified once and replaced.
 */
const RESET = '/api/v37/account/password/reset';
const from = (address: string) => ({ 'x-forwarded-for': address });

describe('password hashing', () => {
  it('new hashes are argon2id; a former bcrypt hash signs in once and is replaced by argon2id', async () => {
    const u = await createUser({ password: 'old-bcrypt-password' });
    const d = await db();
    const [made] = await d.select({ h: users.passwordHash }).from(users).where(eq(users.id, u.id));
    expect(made.h.startsWith('$argon2id$')).toBe(true);
    await d
      .update(users)
      .set({ passwordHash: await bcrypt.hash('old-bcrypt-password', 4) })
      .where(eq(users.id, u.id));
    const step = await signInStep(
      'credentials',
      { email: u.email, password: 'old-bcrypt-password' },
      `198.51.100.9-${randomUUID()}`,
    );
    expect(step.session).toBeDefined();
    const [after] = await d.select({ h: users.passwordHash }).from(users).where(eq(users.id, u.id));
    expect(after.h.startsWith('$argon2id$')).toBe(true);
    const again = await signInStep(
      'credentials',
      { email: u.email, password: 'old-bcrypt-password' },
      `198.51.100.9-${randomUUID()}`,
    );
    expect(again.session).toBeDefined();
  });

  it('a reset with a made-up token is refused before any hashing, and one address gets 10 tries in 10 minutes', async () => {
    const address = `2001:db8:29:5::${randomUUID().slice(0, 4)}`;
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await api('POST', RESET, {
        headers: from(address),
        body: { token: `made-up-${randomUUID()}`, password: 'long-enough-password' },
      });
      answers.push(r.status);
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(answers[10]).toBe(429);
  });

  it("a reset ends the account's access keys unless the person keeps them", async () => {
    const d = await db();
    for (const keep of [false, true]) {
      const u = await createUser({ password: 'before-reset-1' });
      const token = (await issueEmailToken(d, { purpose: 'reset', email: u.email, userId: u.id, now: new Date() }))
        .token;
      const done = await api('POST', RESET, {
        headers: from(`2001:db8:29:6::${randomUUID().slice(0, 4)}`),
        body: { token, password: 'after-reset-1', keepAccessKeys: keep },
      });
      expect(done.status).toBe(200);
      expect(done.json.result.revokedKeys).toBe(keep ? 0 : 1);
      expect((await api('GET', '/api/v37/my/personalaccesskey', { key: u.key })).status).toBe(keep ? 200 : 401);
    }
  });
});
