import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, pendingSignIns, recoveryCodes, sessions, userTotp } from '@/db/schema';
import { SecondStepLocked } from '@/lib/auth/second-step-limit';
import { attemptKeys, forgive } from '@/lib/auth/throttle';
import { TooManyAttempts } from '@/lib/auth/credentials';
import { completeSecondFactor, SECOND_FACTOR_PREFIX, startPendingSignIn } from '@/lib/auth/second-factor';
import { REAUTH_REQUIRED } from '@/lib/auth/reauth';
import { sessionCookie } from '../support/factories/account';
import { createUser, db, type TestUser } from '../support/factories/core';
import { asCookie, signInStep } from '../support/nextauth';
import { api } from '../support/router';

/**
 * The authenticator app (TOTP) as a second factor (docs/security.md, "Second factors"): set up
 * with a code the test computes with otplib, then every sign-in needs a code after the password;
 * wrong codes are refused and throttled; recovery codes work once; removing it asks the password.
 */
const SF = '/api/v37/my/account/secondfactor';
const TOTP = `${SF}/totp`;
const ME = '/api/v37/my/personalaccesskey';
const ORIGIN = 'http://localhost:3000';
const code = (secret: string, at = Date.now()) => generate({ secret, epoch: Math.floor(at / 1000) });
const addr = () => `198.51.100.7-${randomUUID()}`;

async function portal(u: TestUser) {
  return { cookie: await sessionCookie(u), origin: ORIGIN };
}

/** Sets up the app for `u` through the API; its secret and recovery codes. */
async function enrolTotp(
  u: TestUser,
): Promise<{ secret: string; recoveryCodes: string[]; headers: Record<string, string> }> {
  const headers = await portal(u);
  const start = await api('POST', TOTP, { headers });
  expect(start.status).toBe(201);
  const { secret } = start.json.result;
  // the code of the previous 30-second step: the next sign-in's code (this step) is then new
  const ok = await api('PUT', TOTP, { headers, body: { code: await code(secret, Date.now() - 30_000) } });
  expect(ok.status).toBe(200);
  return { secret, recoveryCodes: ok.json.result.recoveryCodes, headers };
}

/** The password step for a user with a second factor: no session, a pending sign-in's token. */
async function passwordStep(u: TestUser, address = addr()): Promise<string> {
  const r = await signInStep('credentials', { email: u.email, password: u.password }, address);
  expect(r.session).toBeUndefined();
  expect(r.error?.startsWith(SECOND_FACTOR_PREFIX)).toBe(true);
  return r.error!.slice(SECOND_FACTOR_PREFIX.length);
}

describe('an authenticator app (TOTP) as second factor', () => {
  it('set up: a key and otpauth URI, confirmed with a code, answers 10 recovery codes once; the secret is stored encrypted', async () => {
    const u = await createUser();
    const headers = await portal(u);
    expect((await api('GET', SF, { headers })).json.result).toEqual({
      enabled: false,
      totp: { enabled: false, confirmedAt: null },
      recoveryCodesLeft: 0,
      passkeys: [],
    });

    const start = await api('POST', TOTP, { headers });
    expect(start.status).toBe(201);
    const { secret, uri } = start.json.result;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Smart-lock%20cloud:${encodeURIComponent(u.email)}?secret=${secret}&issuer=Smart-lock%20cloud`,
    );
    const [row] = await (await db()).select().from(userTotp).where(eq(userTotp.userId, u.id));
    expect(row.secretCiphertext.startsWith('v2.')).toBe(true);
    expect(row.secretCiphertext).not.toContain(secret);
    expect(row.confirmedAt).toBeNull();
    // not in force before it is confirmed: the password alone still signs in
    expect((await signInStep('credentials', { email: u.email, password: u.password })).session).toBeTruthy();

    const wrong = await api('PUT', TOTP, { headers, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errorMessages[0]).toMatch(/^code: this is not the current code/);

    const ok = await api('PUT', TOTP, { headers, body: { code: await code(secret) } });
    expect(ok.status).toBe(200);
    const codes: string[] = ok.json.result.recoveryCodes;
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}-[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    expect(new Set(codes).size).toBe(10);
    const stored = await (await db()).select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.id));
    expect(stored).toHaveLength(10);
    for (const s of stored) expect(codes.map((c) => c.replace(/-/g, ''))).not.toContain(s.codeHash);

    const status = (await api('GET', SF, { headers })).json.result;
    expect(status).toMatchObject({ enabled: true, totp: { enabled: true }, recoveryCodesLeft: 10, passkeys: [] });
    expect(status.totp.confirmedAt).toMatch(/Z$/);
    // a second setup is refused while one is in force; confirming again too
    expect((await api('POST', TOTP, { headers })).status).toBe(409);
    expect((await api('PUT', TOTP, { headers, body: { code: await code(secret) } })).status).toBe(409);
  });

  it('adding the first factor ends the sessions that began with the password alone (not the one adding it)', async () => {
    const u = await createUser();
    const other = await sessionCookie(u);
    const { headers } = await enrolTotp(u);
    expect((await api('GET', ME, { headers: { cookie: other } })).status).toBe(401);
    expect((await api('GET', ME, { headers })).status).toBe(200);
  });

  it('setting up needs a recent sign-in in a session; a stale one is asked for the password first', async () => {
    const u = await createUser();
    const stale = { cookie: await sessionCookie(u, 3600, 20 * 60_000), origin: ORIGIN };
    const r = await api('POST', TOTP, { headers: stale });
    expect(r.status).toBe(403);
    expect(r.json.errorMessages[0]).toBe(REAUTH_REQUIRED);
  });

  it('sign-in: the password alone gives no session; the code does, once; a wrong or replayed code does not', async () => {
    const u = await createUser();
    const { secret } = await enrolTotp(u);
    const address = addr();
    const pending = await passwordStep(u, address);
    // nothing but the token's hash is stored
    expect(await (await db()).select().from(pendingSignIns).where(eq(pendingSignIns.tokenHash, pending))).toHaveLength(
      0,
    );

    const wrong = await signInStep(
      'second-factor',
      { pendingToken: pending, code: '123456' === (await code(secret)) ? '654321' : '123456' },
      address,
    );
    expect(wrong.session).toBeUndefined();
    expect(wrong.error).toBe('CredentialsSignin');
    // a made-up token with a right code: nothing
    expect(
      (await signInStep('second-factor', { pendingToken: 'x'.repeat(43), code: await code(secret) }, address)).session,
    ).toBeUndefined();

    const right = await code(secret);
    const ok = await signInStep('second-factor', { pendingToken: pending, code: right }, address);
    expect(ok.session).toBeTruthy();
    expect((await api('GET', ME, { headers: { cookie: asCookie(ok.session!) } })).status).toBe(200);
    // the token was taken, and the same code does not work twice (another pending sign-in)
    expect(
      (await signInStep('second-factor', { pendingToken: pending, code: right }, address)).session,
    ).toBeUndefined();
    const again = await passwordStep(u, address);
    expect((await signInStep('second-factor', { pendingToken: again, code: right }, address)).session).toBeUndefined();
  });

  it('a recovery code signs in once; used, it is refused; the count left goes down', async () => {
    const u = await createUser();
    const { recoveryCodes: codes, headers } = await enrolTotp(u);
    const address = addr();
    const typed = codes[3].toLowerCase().replace(/-/g, ' ');
    const ok = await signInStep(
      'second-factor',
      { pendingToken: await passwordStep(u, address), code: typed },
      address,
    );
    expect(ok.session).toBeTruthy();
    const twice = await signInStep(
      'second-factor',
      { pendingToken: await passwordStep(u, address), code: codes[3] },
      address,
    );
    expect(twice.session).toBeUndefined();
    expect((await api('GET', SF, { headers })).json.result.recoveryCodesLeft).toBe(9);
    // someone else's recovery code is nobody's key
    const v = await createUser();
    await enrolTotp(v);
    expect(
      (await signInStep('second-factor', { pendingToken: await passwordStep(v, address), code: codes[4] }, address))
        .session,
    ).toBeUndefined();
  });

  it('wrong codes are throttled with the password (same keys), and 5 end the pending sign-in', async () => {
    const u = await createUser();
    const { secret } = await enrolTotp(u);
    const d = await db();
    const address = addr();
    const t = new Date(Date.UTC(2033, 0, 1) + Math.floor(Math.random() * 1e6) * 60_000);
    const me = { id: u.id, email: u.email, name: u.displayName, numId: u.numId };
    const token = await startPendingSignIn(d, me, u.email, t);
    for (let i = 0; i < 5; i++) expect(await completeSecondFactor(d, { token, code: '000001', address }, t)).toBeNull();
    // the pending sign-in is void now, even with the right code
    expect(await completeSecondFactor(d, { token, code: await code(secret, t.getTime()), address }, t)).toBeNull();
    // a new one (the password again) must wait: the account at this address made 5 failures
    const next = await startPendingSignIn(d, me, u.email, t);
    await expect(completeSecondFactor(d, { token: next, code: '000001', address }, t)).rejects.toBeInstanceOf(
      TooManyAttempts,
    );
    // once the wait is over, the right code signs in
    const later = new Date(t.getTime() + 2000);
    expect(
      await completeSecondFactor(d, { token: next, code: await code(secret, later.getTime()), address }, later),
    ).toMatchObject({ id: u.id });
  });

  it('a pending sign-in expires after 5 minutes', async () => {
    const u = await createUser();
    const { secret } = await enrolTotp(u);
    const d = await db();
    const t = new Date(Date.UTC(2034, 0, 1) + Math.floor(Math.random() * 1e6) * 60_000);
    const token = await startPendingSignIn(
      d,
      { id: u.id, email: u.email, name: u.displayName, numId: u.numId },
      u.email,
      t,
    );
    const late = new Date(t.getTime() + 5 * 60_000 + 1000);
    expect(
      await completeSecondFactor(d, { token, code: await code(secret, late.getTime()), address: addr() }, late),
    ).toBeNull();
  });

  it('removing the app asks the password; then the password alone signs in again and the codes are gone', async () => {
    const u = await createUser();
    const { headers } = await enrolTotp(u);
    const wrong = await api('DELETE', TOTP, { headers, body: { password: 'not it' }, clientAddress: addr() });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errorMessages[0]).toBe('password: this is not your password.');
    expect((await api('DELETE', TOTP, { headers, body: {} })).status).toBe(400);
    expect((await api('DELETE', TOTP, { headers, body: { password: u.password } })).status).toBe(204);
    expect((await api('GET', SF, { headers })).json.result).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect(await (await db()).select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.id))).toHaveLength(0);
    expect((await signInStep('credentials', { email: u.email, password: u.password })).session).toBeTruthy();
  });

  it('new recovery codes (the password again) replace the former ones', async () => {
    const u = await createUser();
    const { recoveryCodes: first, headers } = await enrolTotp(u);
    const r = await api('POST', `${SF}/recoverycodes`, { headers, body: { password: u.password } });
    expect(r.status).toBe(200);
    expect(r.json.result.recoveryCodes).toHaveLength(10);
    const address = addr();
    expect(
      (await signInStep('second-factor', { pendingToken: await passwordStep(u, address), code: first[0] }, address))
        .session,
    ).toBeUndefined();
    expect(
      (
        await signInStep(
          'second-factor',
          { pendingToken: await passwordStep(u, address), code: r.json.result.recoveryCodes[0] },
          address,
        )
      ).session,
    ).toBeTruthy();
    // without an app there are no recovery codes to renew
    const v = await createUser();
    expect((await api('POST', `${SF}/recoverycodes`, { key: v.key, body: { password: v.password } })).status).toBe(409);
  });

  it('keys: reading needs Account.Read, changing Account.ReadWrite; no credentials 401; bounds 400', async () => {
    const u = await createUser();
    expect((await api('GET', SF, { key: await u.keyWith(['Account.Read']) })).status).toBe(200);
    expect((await api('POST', TOTP, { key: await u.keyWith(['Account.Read']) })).status).toBe(403);
    expect((await api('POST', TOTP, { key: await u.keyWith(['Device.Read']) })).status).toBe(403);
    expect((await api('GET', SF)).status).toBe(401);
    expect((await api('POST', TOTP)).status).toBe(401);
    expect((await api('PUT', TOTP, { key: u.key, body: { code: '1'.repeat(21) } })).status).toBe(400);
    expect((await api('DELETE', TOTP, { key: u.key, body: { password: 'x'.repeat(1025) } })).status).toBe(400);
    // the session table is untouched by a key's calls
    expect(await (await db()).select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);
  });
});

describe('second-factor guessing is bounded per account (issue 29)', () => {
  it('wrong codes count per account across addresses and fresh passwords; waits grow; the 10th locks the second step for 15 minutes and mails the person; recovery codes too', async () => {
    const u = await createUser();
    const { secret, recoveryCodes: codes } = await enrolTotp(u);
    const d = await db();
    const me = { id: u.id, email: u.email, name: u.displayName, numId: u.numId };
    let t = new Date(Date.UTC(2034, 0, 1) + Math.floor(Math.random() * 1e6) * 60_000);
    /** the password step done right again (it takes back its own counts), from a new address, then a wrong code */
    const guess = async (wrong: string) => {
      const address = addr();
      await forgive(d, attemptKeys(u.email, address, t), t);
      const token = await startPendingSignIn(d, me, u.email, t);
      return completeSecondFactor(d, { token, code: wrong, address }, t);
    };
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      // wait exactly as long as asked, then guess (a recovery code now and then: they count the same)
      for (;;) {
        try {
          expect(await guess(i % 3 === 0 ? 'AAAAA-BBBBB-CCCCC-DDDDD' : '000001')).toBeNull();
          break;
        } catch (e) {
          expect(e).toBeInstanceOf(TooManyAttempts);
          const s = (e as TooManyAttempts).retryAfterSeconds;
          waits.push(s);
          t = new Date(t.getTime() + s * 1000);
        }
      }
    }
    expect(waits).toEqual([1, 2, 4, 8, 16]);
    // locked: five minutes later (longer than any address or account delay), the right code is refused
    t = new Date(t.getTime() + 5 * 60_000);
    const right = async () => {
      const address = addr();
      const token = await startPendingSignIn(d, me, u.email, t);
      return completeSecondFactor(d, { token, code: await code(secret, t.getTime()), address }, t);
    };
    await expect(right()).rejects.toBeInstanceOf(SecondStepLocked);
    await expect(
      completeSecondFactor(
        d,
        { token: await startPendingSignIn(d, me, u.email, t), code: codes[0], address: addr() },
        t,
      ),
    ).rejects.toBeInstanceOf(SecondStepLocked);
    const [mail] = await d
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, u.email), eq(mailOutbox.kind, 'second-step-locked')));
    expect(mail.subject).toMatch(/wrong codes/);
    // after the 15 minutes, the right code signs in and the count starts afresh
    t = new Date(t.getTime() + 11 * 60_000);
    expect(await right()).toMatchObject({ id: u.id });
    t = new Date(t.getTime() + 60_000);
    expect(await guess('000001')).toBeNull();
  });
});

describe('changes of factors are audited (issue 29)', () => {
  it('setting up the app, new recovery codes and removing it each leave an entry, never a secret', async () => {
    const u = await createUser();
    const { headers } = await enrolTotp(u);
    expect((await api('POST', `${SF}/recoverycodes`, { headers, body: { password: u.password } })).status).toBe(200);
    expect((await api('DELETE', TOTP, { headers, body: { password: u.password } })).status).toBe(204);
    const entries = await (await db())
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after, org: auditLog.organizationId })
      .from(auditLog)
      .where(eq(auditLog.targetId, u.id));
    expect(entries.map((e) => e.action).sort()).toEqual(['factor.add', 'factor.recoverycodes', 'factor.remove']);
    expect(entries.every((e) => e.org === null)).toBe(true);
    expect(JSON.stringify(entries)).not.toMatch(/[A-Z2-7]{5}-[A-Z2-7]{5}/);
  });
});
