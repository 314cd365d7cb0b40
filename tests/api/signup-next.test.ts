import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailTokens, users } from '@/db/schema';
import { issueEmailToken } from '@/lib/auth/email-tokens';
import { nextOf } from '@/lib/domain/signup/after-confirm';
import { db } from '../support/factories/core';
import { api } from '../support/router';

/**
 * Issue 33: an invited person who signs up comes back to the invitation's "Accept" after confirming
 * their address: the invitation's link rides through the sign-up (and a resent confirmation mail)
 * in the confirmation token, encrypted to the account, never in clear.
 */
const V = '/api/v37';
const ip = () => ({ 'x-forwarded-for': `198.51.100.7-${randomUUID()}` });

async function newestVerifyToken(email: string) {
  const [row] = await (await db())
    .select()
    .from(emailTokens)
    .where(
      and(eq(emailTokens.email, email.toLowerCase()), eq(emailTokens.purpose, 'verify'), isNull(emailTokens.usedAt)),
    )
    .orderBy(desc(emailTokens.created))
    .limit(1);
  return row;
}

describe('the invitation remembered through the sign-up', () => {
  it('sign-up from an invitation: the confirmation answers its link; the token is kept only encrypted; a resent mail keeps it', async () => {
    const email = `invited-${randomUUID().slice(0, 8)}@mail.test`;
    const inviteToken = 'A'.repeat(10) + randomUUID().replace(/-/g, '') + 'z'.repeat(1);
    const next = `/organization-invitation?token=${inviteToken}`;
    const res = await api('POST', `${V}/account/register`, {
      headers: ip(),
      body: { email, password: 'first-password', displayName: 'Nina New', next },
    });
    expect(res.status).toBe(202);
    const row = await newestVerifyToken(email);
    expect(JSON.stringify(row.payload)).not.toContain(inviteToken);
    expect(nextOf(row.payload, row.userId)).toBe(next);
    // bound to the account: another account's token cannot carry it
    expect(nextOf(row.payload, randomUUID())).toBeNull();

    const resent = await api('POST', `${V}/account/verify/resend`, { headers: ip(), body: { email } });
    expect(resent.status).toBeLessThan(300);
    const again = await newestVerifyToken(email);
    expect(again.id).not.toBe(row.id);
    expect(JSON.stringify(again.payload)).not.toContain(inviteToken);

    // confirming with the newest link answers where to go on: the invitation
    const [u] = await (await db()).select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
    const { token } = await issueEmailToken(await db(), {
      purpose: 'verify',
      email,
      userId: u.id,
      payload: again.payload,
      now: new Date(),
    });
    const ok = await api('POST', `${V}/account/verify`, { body: { token } });
    expect(ok.status).toBe(200);
    expect(ok.json.result).toEqual({ email: email.toLowerCase(), next });
  });

  it('a path that leaves the site is not carried', async () => {
    const email = `invited-${randomUUID().slice(0, 8)}@mail.test`;
    await api('POST', `${V}/account/register`, {
      headers: ip(),
      body: { email, password: 'first-password', displayName: 'Nina New', next: '//evil.example/x' },
    });
    const row = await newestVerifyToken(email);
    expect(nextOf(row.payload, row.userId)).not.toContain('evil');
  });
});
