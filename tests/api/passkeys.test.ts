import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passkeys, webauthnChallenges } from '@/db/schema';
import { SECOND_FACTOR_PREFIX } from '@/lib/auth/second-factor';
import { relyingParty } from '@/lib/auth/webauthn';
import { sessionCookie } from '../support/factories/account';
import { createUser, db, type TestUser } from '../support/factories/core';
import { asCookie, signInStep } from '../support/nextauth';
import { api } from '../support/router';
import { SoftAuthenticator } from '../support/webauthn';

/**
 * Passkeys (WebAuthn, docs/security.md "Second factors"), with a software authenticator that makes
 * real P-256 credentials and signatures: registered by a signed-in user, they sign in without a
 * password (usernameless) or as the second step after one; challenges are single use, short-lived
 * and bound to their purpose, origin and user.
 */
const PK = '/api/v37/my/account/passkey';
const SIGNIN_OPTIONS = '/api/v37/account/passkey/options';
const ME = '/api/v37/my/personalaccesskey';
const ORIGIN = 'http://localhost:3000';
const addr = () => `198.51.100.9-${randomUUID()}`;

async function register(u: TestUser, auth = new SoftAuthenticator(relyingParty().origin), name = 'Laptop') {
  const headers = { cookie: await sessionCookie(u), origin: ORIGIN };
  const o = await api('POST', `${PK}/options`, { headers });
  expect(o.status).toBe(200);
  const r = await api('POST', PK, {
    headers,
    body: { challengeId: o.json.result.challengeId, name, response: auth.create(o.json.result.options) },
  });
  expect(r.status).toBe(201);
  return { auth, headers, passkey: r.json.result, options: o.json.result };
}

async function passkeySignIn(auth: SoftAuthenticator, pendingToken?: string, origin?: string) {
  const o = await api('POST', SIGNIN_OPTIONS, { body: pendingToken ? { pendingToken } : {}, clientAddress: addr() });
  expect(o.status).toBe(200);
  const response = JSON.stringify(auth.get(o.json.result.options, { origin }));
  return {
    ...(await signInStep('passkey', {
      challengeId: o.json.result.challengeId,
      response,
      ...(pendingToken ? { pendingToken } : {}),
    })),
    challengeId: o.json.result.challengeId,
    response,
  };
}

describe('passkeys', () => {
  it('registration: options name this site and the user, ask for a discoverable credential with user verification; the public key is kept', async () => {
    const u = await createUser();
    const { passkey, options, headers } = await register(u);
    const o = options.options;
    expect(o.rp).toEqual({ name: 'Smart-lock cloud', id: 'localhost' });
    expect(o.user.name).toBe(u.email);
    expect(o.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(o.attestation).toBe('none');
    expect(passkey).toEqual({
      id: expect.any(String),
      name: 'Laptop',
      created: expect.stringMatching(/Z$/),
      lastUsed: null,
      backedUp: false,
    });
    const s = (await api('GET', '/api/v37/my/account/secondfactor', { headers })).json.result;
    expect(s).toMatchObject({
      enabled: true,
      totp: { enabled: false },
      passkeys: [{ id: passkey.id, name: 'Laptop' }],
    });
    const [row] = await (await db()).select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row.userId).toBe(u.id);
    // the challenge was taken
    expect(
      await (await db()).select().from(webauthnChallenges).where(eq(webauthnChallenges.id, options.challengeId)),
    ).toHaveLength(0);
    // a second registration excludes it
    const again = await api('POST', `${PK}/options`, { headers });
    expect(again.json.result.options.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([row.credentialId]);
  });

  it('a registration answer is refused when replayed, for another user, from another origin, or for a sign-in challenge', async () => {
    const u = await createUser();
    const headers = { cookie: await sessionCookie(u), origin: ORIGIN };
    const auth = new SoftAuthenticator(relyingParty().origin);
    const o = (await api('POST', `${PK}/options`, { headers })).json.result;
    const answer = auth.create(o.options);
    // someone else cannot use my challenge
    const v = await createUser();
    const theirs = await api('POST', PK, {
      key: v.key,
      body: { challengeId: o.challengeId, name: 'x', response: answer },
    });
    expect(theirs.status).toBe(400);
    // that attempt took it: single use
    expect(
      (await api('POST', PK, { headers, body: { challengeId: o.challengeId, name: 'x', response: answer } })).status,
    ).toBe(400);
    // another origin
    const o2 = (await api('POST', `${PK}/options`, { headers })).json.result;
    const evil = await api('POST', PK, {
      headers,
      body: { challengeId: o2.challengeId, name: 'x', response: auth.create(o2.options, 'https://evil.example') },
    });
    expect(evil.status).toBe(400);
    expect(evil.json.errorMessages[0]).toMatch(/^response: the passkey could not be verified/);
    // a sign-in challenge is not a registration challenge
    const s = (await api('POST', SIGNIN_OPTIONS, { body: {}, clientAddress: addr() })).json.result;
    expect(
      (
        await api('POST', PK, {
          headers,
          body: {
            challengeId: s.challengeId,
            name: 'x',
            response: auth.create({ ...o.options, challenge: s.options.challenge }),
          },
        })
      ).status,
    ).toBe(400);
    expect(await (await db()).select().from(passkeys).where(eq(passkeys.userId, u.id))).toHaveLength(0);
  });

  it('sign-in with a passkey alone (usernameless): a session; the challenge works once; a cloned counter is refused', async () => {
    const u = await createUser();
    const { auth, headers, passkey } = await register(u);
    const r = await passkeySignIn(auth);
    expect(r.session).toBeTruthy();
    expect((await api('GET', ME, { headers: { cookie: asCookie(r.session!) } })).status).toBe(200);
    expect(
      (await api('GET', '/api/v37/my/account/secondfactor', { headers })).json.result.passkeys[0].lastUsed,
    ).toMatch(/Z$/);
    // the same answer again: the challenge is gone
    expect((await signInStep('passkey', { challengeId: r.challengeId, response: r.response })).session).toBeUndefined();
    // an authenticator whose counter went back (a copy of the key) is refused
    const o = (await api('POST', SIGNIN_OPTIONS, { body: {}, clientAddress: addr() })).json.result;
    const cloned = JSON.stringify(auth.get(o.options, { count: 1 }));
    expect((await signInStep('passkey', { challengeId: o.challengeId, response: cloned })).session).toBeUndefined();
    expect(passkey.id).toBeTruthy();
  });

  it('an assertion for another origin, with a bad signature, or a made-up challenge signs nobody in', async () => {
    const u = await createUser();
    const { auth } = await register(u);
    expect((await passkeySignIn(auth, undefined, 'https://evil.example')).session).toBeUndefined();
    const o = (await api('POST', SIGNIN_OPTIONS, { body: {}, clientAddress: addr() })).json.result;
    const a = auth.get(o.options);
    const tampered = { ...a, response: { ...a.response, signature: Buffer.from('nope').toString('base64url') } };
    expect(
      (await signInStep('passkey', { challengeId: o.challengeId, response: JSON.stringify(tampered) })).session,
    ).toBeUndefined();
    expect(
      (await signInStep('passkey', { challengeId: randomUUID(), response: JSON.stringify(auth.get(o.options)) }))
        .session,
    ).toBeUndefined();
    expect(
      (await signInStep('passkey', { challengeId: o.challengeId, response: '{not json' })).session,
    ).toBeUndefined();
  });

  it('with a passkey the password alone gives no session; the second step takes only that user’s passkey', async () => {
    const u = await createUser();
    const { auth } = await register(u);
    const v = await createUser();
    const other = await register(v);
    const step = await signInStep('credentials', { email: u.email, password: u.password });
    expect(step.session).toBeUndefined();
    const pending = step.error!.slice(SECOND_FACTOR_PREFIX.length);
    expect(step.error!.startsWith(SECOND_FACTOR_PREFIX)).toBe(true);
    // the options bound to the pending sign-in name only u's passkey
    const o = (await api('POST', SIGNIN_OPTIONS, { body: { pendingToken: pending }, clientAddress: addr() })).json
      .result;
    const [row] = await (await db()).select().from(passkeys).where(eq(passkeys.userId, u.id));
    expect(o.options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([row.credentialId]);
    // v's passkey answering u's challenge: refused
    const wrong = other.auth.get({ ...o.options, allowCredentials: [] });
    expect(
      (
        await signInStep('passkey', {
          challengeId: o.challengeId,
          response: JSON.stringify(wrong),
          pendingToken: pending,
        })
      ).session,
    ).toBeUndefined();
    const ok = await passkeySignIn(auth, pending);
    expect(ok.session).toBeTruthy();
    // a made-up pending token gets no options
    const bad = await api('POST', SIGNIN_OPTIONS, { body: { pendingToken: 'x'.repeat(43) }, clientAddress: addr() });
    expect(bad.status).toBe(400);
  });

  it('removing a passkey asks the password; another user’s passkey is 404', async () => {
    const u = await createUser();
    const { passkey, headers, auth } = await register(u);
    const v = await createUser();
    expect((await api('DELETE', `${PK}/${passkey.id}`, { key: v.key, body: { password: v.password } })).status).toBe(
      404,
    );
    expect(
      (await api('DELETE', `${PK}/${passkey.id}`, { headers, body: { password: 'nope' }, clientAddress: addr() }))
        .status,
    ).toBe(400);
    expect((await api('DELETE', `${PK}/${passkey.id}`, { headers, body: { password: u.password } })).status).toBe(204);
    expect((await api('DELETE', `${PK}/${passkey.id}`, { headers, body: { password: u.password } })).status).toBe(404);
    expect((await passkeySignIn(auth)).session).toBeUndefined();
    expect((await signInStep('credentials', { email: u.email, password: u.password })).session).toBeTruthy();
  });

  it('sign-in options are public but rate limited per address; bounds and scopes', async () => {
    const address = addr();
    let last = 200;
    for (let i = 0; i < 31; i++)
      last = (await api('POST', SIGNIN_OPTIONS, { body: {}, clientAddress: address })).status;
    expect(last).toBe(429);
    expect(
      (await api('POST', SIGNIN_OPTIONS, { body: { pendingToken: 'x'.repeat(101) }, clientAddress: addr() })).status,
    ).toBe(400);
    const u = await createUser();
    expect((await api('POST', `${PK}/options`, { key: await u.keyWith(['Account.Read']) })).status).toBe(403);
    expect((await api('POST', `${PK}/options`)).status).toBe(401);
    const o = (await api('POST', `${PK}/options`, { key: u.key })).json.result;
    const big = {
      challengeId: o.challengeId,
      name: 'x'.repeat(101),
      response: new SoftAuthenticator(ORIGIN).create(o.options),
    };
    expect((await api('POST', PK, { key: u.key, body: big })).status).toBe(400);
  });
});
