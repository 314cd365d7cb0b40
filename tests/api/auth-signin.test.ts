import { describe, expect, it } from 'vitest';
import { authorizeCredentials, SIGN_IN_LIMIT, TooManyAttempts } from '@/lib/auth/credentials';
import { createUser, db } from '../support/factories/core';

/** The portal's e-mail and password check behind next-auth (lib/auth/credentials.ts). */
describe('sign-in with e-mail and password', () => {
  it('the right password gives the user; e-mail in any case, surrounding spaces ignored', async () => {
    const u = await createUser({ password: 'correct horse' });
    const got = await authorizeCredentials(await db(), `  ${u.email.toUpperCase()} `, 'correct horse');
    expect(got).toEqual({ id: u.id, email: u.email, name: u.displayName, numId: u.numId });
  });

  it('a wrong password, an unknown e-mail or empty fields give nothing', async () => {
    const u = await createUser({ password: 'correct horse' });
    const d = await db();
    expect(await authorizeCredentials(d, u.email, 'Correct horse')).toBeNull();
    expect(await authorizeCredentials(d, `nobody-${u.id}@test.local`, 'correct horse')).toBeNull();
    expect(await authorizeCredentials(d, '', 'x')).toBeNull();
    expect(await authorizeCredentials(d, u.email, '')).toBeNull();
    expect(await authorizeCredentials(d, undefined, undefined)).toBeNull();
  });

  it(`after ${SIGN_IN_LIMIT.max} failures an e-mail is locked for the window, even with the right password; others are not`, async () => {
    const [u, other] = await Promise.all([createUser({ password: 'right' }), createUser({ password: 'right' })]);
    const d = await db();
    const now = new Date('2030-01-01T10:00:00Z');
    for (let i = 0; i < SIGN_IN_LIMIT.max; i++) expect(await authorizeCredentials(d, u.email, `wrong ${i}`, now)).toBeNull();
    await expect(authorizeCredentials(d, u.email.toUpperCase(), 'right', now)).rejects.toBeInstanceOf(TooManyAttempts);
    await expect(authorizeCredentials(d, u.email, 'right', now)).rejects.toThrow(/Try again in 15 minutes/);
    expect(await authorizeCredentials(d, other.email, 'right', now)).toMatchObject({ id: other.id });
    const later = new Date(now.getTime() + SIGN_IN_LIMIT.windowSeconds * 1000);
    expect(await authorizeCredentials(d, u.email, 'right', later)).toMatchObject({ id: u.id });
  });

  it('successful sign-ins do not count against the limit', async () => {
    const u = await createUser({ password: 'right' });
    const d = await db();
    const now = new Date('2030-02-01T10:00:00Z');
    for (let i = 0; i < SIGN_IN_LIMIT.max + 2; i++) expect(await authorizeCredentials(d, u.email, 'right', now)).not.toBeNull();
  });
});
