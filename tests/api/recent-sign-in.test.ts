import { describe, expect, it } from 'vitest';
import { REAUTH_REQUIRED } from '@/lib/auth/reauth';
import { sessionCookie } from '../support/factories/account';
import { createUser } from '../support/factories/core';
import { api } from '../support/router';

/**
 * A personal access key made from a portal session needs the password proven within the last 10
 * minutes: a stolen session cookie alone mints no key (lib/domain/account/security.ts).
 */
const KEYS = '/api/v37/my/personalaccesskey';
const body = { name: 'from the portal', scopes: ['Device.Read'], days: 30 };
const ORIGIN = 'http://localhost:3000';
const MIN = 60_000;

describe('creating an access key from a session needs a recent sign-in', () => {
  it('signed in 11 minutes ago: 403 with the message the portal asks the password for; after the password again: 201', async () => {
    const u = await createUser({ password: 'correct horse' });
    const headers = { cookie: await sessionCookie(u, 3600, 11 * MIN), origin: ORIGIN };
    const refused = await api('POST', KEYS, { headers, body });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ success: false, statusCode: 403, errorMessages: [REAUTH_REQUIRED] });

    const wrong = await api('POST', '/api/v37/my/account/reauthenticate', {
      headers,
      body: { password: 'battery staple' },
    });
    expect(wrong.status).toBe(400);
    expect((await api('POST', KEYS, { headers, body })).status).toBe(403);

    const again = await api('POST', '/api/v37/my/account/reauthenticate', {
      headers,
      body: { password: 'correct horse' },
    });
    expect(again.status).toBe(204);
    expect((await api('POST', KEYS, { headers, body })).status).toBe(201);
  });

  it('signed in 9 minutes ago: the key is made at once', async () => {
    const u = await createUser();
    expect(
      (await api('POST', KEYS, { headers: { cookie: await sessionCookie(u, 3600, 9 * MIN), origin: ORIGIN }, body }))
        .status,
    ).toBe(201);
  });

  it('keys used as keys are not asked (they have no sign-in)', async () => {
    const u = await createUser();
    // (within the calling key's own life: a key cannot outlive the key that made it)
    const short = { ...body, days: undefined, validTo: new Date(Date.now() + 3_600_000).toISOString() };
    expect((await api('POST', KEYS, { key: u.key, body: short })).status).toBe(201);
  });

  it('guessing the password through the re-entry is throttled like a sign-in', async () => {
    const u = await createUser({ password: 'correct horse' });
    const headers = { cookie: await sessionCookie(u, 3600, 11 * MIN), origin: ORIGIN };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await api('POST', '/api/v37/my/account/reauthenticate', { headers, body: { password: `guess ${i}` } })).status,
      );
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.at(-1)).toBe(429);
  });
});
