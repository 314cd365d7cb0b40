import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publicUrl } from '@/lib/config/env';
import { AccessLevel, deviceAccess, emailTokens, users } from '@/db/schema';
import { authorizeCredentials, EmailNotVerified } from '@/lib/auth/credentials';
import { issueEmailToken } from '@/lib/auth/email-tokens';
import { tokenHash } from '@/lib/crypto/secrets';
import { runMailPass } from '@/lib/mail/pass';
import { sessionHeaders } from '../support/factories/account';
import { sharingCast } from '../support/factories/access';
import { createUser, db, grantUser } from '../support/factories/core';
import { createOrgLock } from '../support/factories/organization';
import { api } from '../support/router';
import { type ReceivedMail } from '../support/smtp';
import { smtpForFile } from '../support/smtp-for-file';

/**
 * Proven e-mail addresses and invitations (docs/security.md, "Mail" and "Proven e-mail"), end to
 * end: the API queues mail, the mail worker sends it to a real SMTP server in this process, and
 * the test follows the links it finds there.
 */
const V = '/api/v37';
const smtp = smtpForFile();

const ip = () => ({ 'x-forwarded-for': `198.51.100.4-${randomUUID()}` });
const address = (who = 'new') => `${who}-${randomUUID().slice(0, 8)}@Mail.Test`;

/** Runs the mail worker for `to` and returns the mails it has received so far (newest last). */
async function mailbox(to: string): Promise<ReceivedMail[]> {
  await runMailPass(await db(), new Date(), { only: [to.toLowerCase()] });
  return smtp.to(to);
}
async function lastMail(to: string): Promise<ReceivedMail> {
  const all = await mailbox(to);
  expect(all.length, `a mail to ${to}`).toBeGreaterThan(0);
  return all[all.length - 1];
}

/** The one link of a mail, as the person would click it: its page and its token. */
function follow(m: ReceivedMail, page: string): string {
  const links = m.links.filter((l) => new URL(l).pathname === page);
  expect(links, `a ${page} link in "${m.subject}"`).toHaveLength(1);
  const u = new URL(links[0]);
  expect(u.origin).toBe(publicUrl().origin);
  expect(m.html).toContain(links[0].replace(/&/g, '&amp;'));
  return u.searchParams.get('token')!;
}

const register = (email: string, extra: Record<string, unknown> = {}) =>
  api('POST', `${V}/account/register`, {
    headers: ip(),
    body: { email, password: 'first-password', displayName: 'Nina New', ...extra },
  });

const signIn = async (email: string, password: string) => {
  try {
    return (await authorizeCredentials(await db(), { email, password, address: `198.51.100.9-${randomUUID()}` }))
      ? 'signed in'
      : 'wrong';
  } catch (e) {
    if (e instanceof EmailNotVerified) return 'unverified';
    throw e;
  }
};

async function userRow(email: string) {
  const [u] = await (await db()).select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return u;
}

describe('sign-up proves the address', () => {
  it('sign-up -> mail -> confirm -> sign in; the link works once', async () => {
    const email = address();
    const res = await register(` ${email} `);
    expect(res.status).toBe(202);
    expect(res.json.result).toEqual({
      email: email.toLowerCase(),
      message: expect.stringContaining('Check your mailbox'),
    });
    // before the link: the password is right, but there is no session
    expect(await signIn(email, 'first-password')).toBe('unverified');
    expect(await signIn(email, 'wrong-password')).toBe('wrong');
    const m = await lastMail(email);
    expect(m.subject).toBe('Confirm your e-mail address');
    expect(m.text).toContain('Hello Nina New,');
    expect(m.text).toMatch(/works once, for 24 hours/);
    const token = follow(m, '/verify-email');
    // only the hash is kept
    const [row] = await (await db())
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.tokenHash, tokenHash(token)));
    expect(row).toMatchObject({ purpose: 'verify', email: email.toLowerCase() });
    expect(JSON.stringify(row)).not.toContain(token);

    const ok = await api('POST', `${V}/account/verify`, { body: { token } });
    expect(ok.status).toBe(200);
    expect(ok.json.result).toEqual({ email: email.toLowerCase(), next: null });
    expect(await signIn(email.toUpperCase(), 'first-password')).toBe('signed in');
    const again = await api('POST', `${V}/account/verify`, { body: { token } });
    expect(again.status).toBe(410);
    expect(again.json.errorMessages[0]).toMatch(/already used/);
  });

  it('answers the same for an address that has an account, and the mail says so (no 409, nothing changed)', async () => {
    const known = await createUser({ email: address('known').toLowerCase(), password: 'their-own-password' });
    const fresh = address();
    const a = await register(known.email.toUpperCase());
    const b = await register(fresh);
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(Object.keys(a.json.result)).toEqual(Object.keys(b.json.result));
    expect(a.json.result.message.replace(known.email, 'X')).toBe(
      b.json.result.message.replace(fresh.toLowerCase(), 'X'),
    );
    const m = await lastMail(known.email);
    expect(m.subject).toBe('You already have an account');
    expect(m.text).toMatch(/already have one\. Nothing was changed/);
    expect(m.links.map((l) => new URL(l).pathname).sort()).toEqual(['/forgot-password', '/sign-in']);
    expect(await signIn(known.email, 'their-own-password')).toBe('signed in');
    expect(await signIn(known.email, 'first-password')).toBe('wrong');
  });

  it('sign-up cannot flood a mailbox: beyond 5 mails an hour to a known address, the answer stays and no mail goes', async () => {
    const known = await createUser({ email: address('flooded').toLowerCase() });
    for (let i = 0; i < 7; i++) expect((await register(known.email)).status).toBe(202);
    expect(await mailbox(known.email)).toHaveLength(5);
  });

  it('someone who registered an address first without its mailbox cannot keep it: the owner of the mailbox sets the password', async () => {
    const victim = address('victim');
    expect((await register(victim, { password: 'attacker-password', displayName: 'Not Victim' })).status).toBe(202);
    const first = (await mailbox(victim)).length; // the attacker's confirmation mail, in the victim's mailbox
    expect((await register(victim, { password: 'victim-password' })).status).toBe(202);
    const m = await lastMail(victim);
    expect(smtp.to(victim)).toHaveLength(first + 1);
    expect(m.subject).toBe('Finish setting up your account');
    const token = follow(m, '/reset-password');
    expect(await signIn(victim, 'victim-password')).toBe('wrong'); // the second sign-up changed nothing...
    expect(await signIn(victim, 'attacker-password')).toBe('unverified');
    const r = await api('POST', `${V}/account/password/reset`, { body: { token, password: 'victim-password' } });
    expect(r.status).toBe(200);
    expect(await signIn(victim, 'victim-password')).toBe('signed in'); // ...the mailbox decided
    expect(await signIn(victim, 'attacker-password')).toBe('wrong');
  });

  it('refuses look-alike, invisible and direction-changing names (400) and keeps names in NFKC', async () => {
    for (const name of [
      'Olivia\u202eOwner',
      'Oli\u200bvia Owner',
      'Olivia\u0007',
      '\u2066Olivia\u2069',
      'Olivia\u200f',
    ]) {
      const res = await register(address(), { displayName: name });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.json.errorMessages[0]).toMatch(/invisible or direction-changing characters/);
    }
    const email = address();
    expect((await register(email, { displayName: '  Ｏｌｉｖｉａ   Owner ' })).status).toBe(202);
    expect((await userRow(email)).displayName).toBe('Olivia Owner');
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ email: 'no-at-sign' }, /email/],
      [{ password: 'short' }, /8 characters/],
      [{ displayName: '   ' }, /name/],
    ];
    for (const [body, msg] of bad) {
      const res = await register(address(), body);
      expect(res.status).toBe(400);
      expect(res.json.errorMessages.join(' ')).toMatch(msg);
    }
  });

  it('resends a confirmation (the former link dies), the same answer for any address, rate limited per address', async () => {
    const email = address();
    await register(email);
    const oldToken = follow(await lastMail(email), '/verify-email');
    const res = await api('POST', `${V}/account/verify/resend`, {
      headers: ip(),
      body: { email: email.toUpperCase() },
    });
    expect(res.status).toBe(202);
    const unknown = await api('POST', `${V}/account/verify/resend`, {
      headers: ip(),
      body: { email: address('nobody') },
    });
    expect(unknown.status).toBe(202);
    expect(Object.keys(unknown.json.result)).toEqual(Object.keys(res.json.result));
    const newToken = follow(await lastMail(email), '/verify-email');
    expect(newToken).not.toBe(oldToken);
    expect((await api('POST', `${V}/account/verify`, { body: { token: oldToken } })).status).toBe(410);
    expect((await api('POST', `${V}/account/verify`, { body: { token: newToken } })).status).toBe(200);
    // a confirmed account gets no more confirmation mails; the fourth ask within the hour is refused
    const before = smtp.to(email).length;
    expect((await api('POST', `${V}/account/verify/resend`, { headers: ip(), body: { email } })).status).toBe(202);
    expect(await mailbox(email)).toHaveLength(before);
    expect((await api('POST', `${V}/account/verify/resend`, { headers: ip(), body: { email } })).status).toBe(202);
    expect((await api('POST', `${V}/account/verify/resend`, { headers: ip(), body: { email } })).status).toBe(429);
  });

  it('refuses expired, unknown and malformed tokens with a message that says which', async () => {
    const email = address();
    await register(email);
    const u = await userRow(email);
    const { token } = await issueEmailToken(await db(), {
      purpose: 'verify',
      email,
      userId: u.id,
      now: new Date(Date.now() - 25 * 3600_000),
    });
    const expired = await api('POST', `${V}/account/verify`, { body: { token } });
    expect(expired.status).toBe(410);
    expect(expired.json.errorMessages[0]).toMatch(/expired/);
    const unknown = await api('POST', `${V}/account/verify`, { body: { token: 'A'.repeat(43) } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.errorMessages[0]).toMatch(/not valid/);
    expect((await api('POST', `${V}/account/verify`, { body: { token: 'x'.repeat(101) } })).status).toBe(400);
    // a token of another purpose does not confirm
    const reset = await issueEmailToken(await db(), { purpose: 'reset', email, userId: u.id, now: new Date() });
    expect((await api('POST', `${V}/account/verify`, { body: { token: reset.token } })).status).toBe(404);
    expect((await userRow(email)).emailVerifiedAt).toBeNull();
  });
});

describe('password reset by mail', () => {
  it('forgot -> mail -> new password; every session ends; the link works once', async () => {
    const u = await createUser({ email: address('reset').toLowerCase(), password: 'old-password' });
    const headers = await sessionHeaders(u);
    expect((await api('GET', `${V}/my/personalaccesskey`, { headers })).status).toBe(200);
    const res = await api('POST', `${V}/account/password/forgot`, {
      headers: ip(),
      body: { email: u.email.toUpperCase() },
    });
    expect(res.status).toBe(202);
    const m = await lastMail(u.email);
    expect(m.subject).toBe('Reset your password');
    expect(m.text).toMatch(/works once, for 1 hour/);
    const token = follow(m, '/reset-password');
    const short = await api('POST', `${V}/account/password/reset`, { body: { token, password: 'short' } });
    expect(short.status).toBe(400);
    const done = await api('POST', `${V}/account/password/reset`, { body: { token, password: 'new-password' } });
    expect(done.status).toBe(200);
    // the account's access keys end with the reset (the person kept none on purpose)
    expect(done.json.result).toEqual({ email: u.email, endedSessions: 1, revokedKeys: 1 });
    expect((await api('GET', `${V}/my/personalaccesskey`, { key: u.key })).status).toBe(401);
    expect((await api('GET', `${V}/my/personalaccesskey`, { headers })).status).toBe(401);
    expect(await signIn(u.email, 'new-password')).toBe('signed in');
    expect(await signIn(u.email, 'old-password')).toBe('wrong');
    const again = await api('POST', `${V}/account/password/reset`, { body: { token, password: 'third-password' } });
    expect(again.status).toBe(410);
    expect(again.json.errorMessages[0]).toMatch(/already used/);
  });

  it('an hour later the link is dead; a new link ends the former; unknown addresses get the same answer and no mail', async () => {
    const u = await createUser({ email: address('reset').toLowerCase(), password: 'old-password' });
    const old = await issueEmailToken(await db(), {
      purpose: 'reset',
      email: u.email,
      userId: u.id,
      now: new Date(Date.now() - 61 * 60_000),
    });
    const expired = await api('POST', `${V}/account/password/reset`, {
      body: { token: old.token, password: 'new-password' },
    });
    expect(expired.status).toBe(410);
    expect(expired.json.errorMessages[0]).toMatch(/expired/);
    await api('POST', `${V}/account/password/forgot`, { headers: ip(), body: { email: u.email } });
    const first = follow(await lastMail(u.email), '/reset-password');
    await api('POST', `${V}/account/password/forgot`, { headers: ip(), body: { email: u.email } });
    const second = follow(await lastMail(u.email), '/reset-password');
    expect(
      (await api('POST', `${V}/account/password/reset`, { body: { token: first, password: 'new-password' } })).status,
    ).toBe(410);
    expect(
      (await api('POST', `${V}/account/password/reset`, { body: { token: second, password: 'new-password' } })).status,
    ).toBe(200);
    const nobody = address('nobody');
    const res = await api('POST', `${V}/account/password/forgot`, { headers: ip(), body: { email: nobody } });
    expect(res.status).toBe(202);
    expect(await mailbox(nobody)).toHaveLength(0);
    // three links per address per hour, whoever asks: the fourth is refused in words, and mails nothing
    await api('POST', `${V}/account/password/forgot`, { headers: ip(), body: { email: u.email } });
    const sent = smtp.to(u.email).length;
    const fourth = await api('POST', `${V}/account/password/forgot`, { headers: ip(), body: { email: u.email } });
    expect(fourth.status).toBe(429);
    expect(fourth.json.errorMessages).toEqual([
      'Too many password resets asked for. Wait a few minutes, then try again.',
    ]);
    expect(smtp.to(u.email)).toHaveLength(sent);
  });
});

describe('device invitations only the invited person can take', () => {
  const share = (c: Awaited<ReturnType<typeof sharingCast>>, email: string) =>
    api('POST', `${V}/my/device/${c.lock.id}/access`, {
      key: c.owner.key,
      body: { principalType: 0, userEmail: email, accessLevel: 0, remoteAccessDisabled: false },
    });
  const unlock = (c: Awaited<ReturnType<typeof sharingCast>>, headers: Record<string, string>) =>
    api('POST', `${V}/my/lock/${c.lock.id}/operation/unlock`, { headers });

  it('an attacker who registers the invited address first gets nothing; the mailbox owner accepts and opens the door', async () => {
    const c = await sharingCast();
    const invited = address('newhire');
    const granted = await share(c, invited);
    expect(granted.status).toBe(201);
    expect(granted.json).toMatchObject({
      id: expect.any(String),
      userEmail: invited.toLowerCase(),
      displayName: invited.toLowerCase(),
      success: true,
    });
    const invitation = await lastMail(invited);
    expect(invitation.subject).toBe(`${c.org.name}: ${c.owner.displayName} invited you to open ${c.lock.name}`);
    expect(invitation.text).toMatch(/works for 14 days/);
    // when they may open, before they accept
    expect(invitation.text).toContain('When you may open it: any time.');
    const token = follow(invitation, '/invitation');

    // the attack: register the invited address without the mail
    expect((await register(invited, { password: 'attacker-password', displayName: 'New Hire' })).status).toBe(202);
    expect(await signIn(invited, 'attacker-password')).toBe('unverified'); // no session, so no unlock
    const list = await api(
      'GET',
      `${V}/my/device/${c.lock.id}/access?Filters.Text=${encodeURIComponent(invited.toLowerCase())}`,
      { key: c.owner.key },
    );
    expect(list.json.result).toEqual([
      expect.objectContaining({ id: granted.json.id, isPending: true, principalId: granted.json.id }),
    ]);
    // a verified account of another address holding the forwarded token: refused, the token stays good
    const other = await createUser();
    const stolen = await api('POST', `${V}/account/invitation/accept`, {
      headers: await sessionHeaders(other),
      body: { token },
    });
    expect(stolen.status).toBe(403);
    expect(stolen.json.errorMessages[0]).toContain(`sent to ${invited.toLowerCase()}`);
    expect((await unlock(c, await sessionHeaders(other))).status).toBe(404);

    // the mailbox's owner: signs up (the address is taken: the mail lets them set the password), signs in, accepts
    expect((await register(invited, { password: 'newhire-password' })).status).toBe(202);
    await mailbox(invited);
    const finish = follow(
      smtp.to(invited).find((m) => m.subject === 'Finish setting up your account')!,
      '/reset-password',
    );
    expect(
      (await api('POST', `${V}/account/password/reset`, { body: { token: finish, password: 'newhire-password' } }))
        .status,
    ).toBe(200);
    expect(await signIn(invited, 'newhire-password')).toBe('signed in');
    const me = await userRow(invited);
    const headers = await sessionHeaders({ id: me.id, email: me.email, displayName: me.displayName, numId: me.numId });
    expect((await unlock(c, headers)).status).toBe(404); // not before accepting
    const accepted = await api('POST', `${V}/account/invitation/accept`, { headers, body: { token } });
    expect(accepted.status).toBe(200);
    expect(accepted.json.result).toEqual({
      deviceId: c.lock.id,
      accessId: granted.json.id,
      accepted: [{ deviceId: c.lock.id, accessId: granted.json.id }],
    });
    expect((await unlock(c, headers)).status).toBe(202);
    const after = await api(
      'GET',
      `${V}/my/device/${c.lock.id}/access?Filters.Text=${encodeURIComponent(invited.toLowerCase())}`,
      { key: c.owner.key },
    );
    expect(after.json.result).toEqual([
      expect.objectContaining({ id: granted.json.id, isPending: false, principalId: me.id }),
    ]);
    const twice = await api('POST', `${V}/account/invitation/accept`, { headers, body: { token } });
    expect(twice.status).toBe(410);
    expect(twice.json.errorMessages[0]).toMatch(/already used/);
  });

  it('a share to a verified account is active at once, with a notice mail; an unverified account is treated as unknown', async () => {
    const c = await sharingCast();
    const known = await createUser({ email: address('known').toLowerCase() });
    const res = await share(c, known.email.toUpperCase());
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ principalId: known.id, userEmail: known.email });
    const notice = await lastMail(known.email);
    expect(notice.subject).toBe(`${c.org.name}: ${c.owner.displayName} shared ${c.lock.name} with you`);
    expect(notice.links.map((l) => new URL(l).pathname)).toEqual([`/devices/${c.lock.id}`]);
    expect(notice.text).not.toMatch(/token/);

    const unverified = await createUser({ email: address('pending').toLowerCase(), unverified: true });
    const pending = await share(c, unverified.email);
    expect(pending.json).toMatchObject({ principalId: pending.json.id, userEmail: unverified.email });
    expect((await lastMail(unverified.email)).subject).toMatch(/invited you to open/);
  });

  it('owners resend (new link, old one dead) and withdraw invitations; an expired one gives nothing', async () => {
    const c = await sharingCast();
    const invited = address('later');
    const granted = await share(c, invited);
    const first = follow(await lastMail(invited), '/invitation');
    const resendUrl = `${V}/my/device/${c.lock.id}/access/${granted.json.id}/resend`;
    expect((await api('POST', resendUrl, { key: c.guest.key })).status).toBe(403);
    expect((await api('POST', resendUrl, { key: c.outsider.key })).status).toBe(404);
    // the invitation gives the door without an end: only the owner could give it, so only the owner re-sends its token
    expect((await api('POST', resendUrl, { key: c.admin.key })).status).toBe(403);
    const resent = await api('POST', resendUrl, { key: c.owner.key });
    expect(resent.status).toBe(200);
    expect(resent.json.result).toEqual({
      id: granted.json.id,
      userEmail: invited.toLowerCase(),
      expiresAt: expect.stringMatching(/Z$/),
    });
    const second = follow(await lastMail(invited), '/invitation');
    expect(second).not.toBe(first);
    const person = await createUser({ email: invited.toLowerCase() });
    const headers = await sessionHeaders(person);
    expect((await api('POST', `${V}/account/invitation/accept`, { headers, body: { token: first } })).status).toBe(410);

    // expired: 14 days later (the access and the token say so)
    const d = await db();
    await d
      .update(deviceAccess)
      .set({ pendingExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(deviceAccess.id, granted.json.id));
    await d
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, tokenHash(second)));
    const expired = await api('POST', `${V}/account/invitation/accept`, { headers, body: { token: second } });
    expect(expired.status).toBe(410);
    expect(expired.json.errorMessages[0]).toMatch(/expired/);
    expect((await unlock(c, headers)).status).toBe(404);

    // resent after expiry: works again for INVITATION_TTL_DAYS; then withdrawn: the link dies with it
    await api('POST', resendUrl, { key: c.owner.key });
    const third = follow(await lastMail(invited), '/invitation');
    const [row] = await d.select().from(deviceAccess).where(eq(deviceAccess.id, granted.json.id));
    expect(row.pendingExpiresAt!.getTime() - Date.now()).toBeGreaterThan(13.9 * 86_400_000);
    expect(
      (await api('DELETE', `${V}/my/device/${c.lock.id}/access/${granted.json.id}`, { key: c.owner.key })).status,
    ).toBe(204);
    const withdrawn = await api('POST', `${V}/account/invitation/accept`, { headers, body: { token: third } });
    expect(withdrawn.status).toBe(410);
    expect(withdrawn.json.errorMessages[0]).toMatch(/expired or was replaced/);
    expect((await unlock(c, headers)).status).toBe(404);
    // nothing to resend on an active access
    expect(
      (await api('POST', `${V}/my/device/${c.lock.id}/access/${c.groupAccess.id}/resend`, { key: c.owner.key })).status,
    ).toBe(409);
  });

  it('a new person given three doors in one step gets one mail with each door and its hours; one Accept takes them; a door withdrawn or sent again leaves the link for the others', async () => {
    const c = await sharingCast();
    const doors = [c.lock];
    for (const name of ['Garage', 'Back door']) {
      const lock = await createOrgLock(c.org.id, { name, timeZone: 'Europe/Warsaw' });
      await grantUser(lock.id, c.owner.id, AccessLevel.owner);
      doors.push(lock);
    }
    const invited = address('three');
    const email = invited.toLowerCase();
    const res = await api('POST', `${V}/organization/${c.org.id}/people/access`, {
      key: c.owner.key,
      body: {
        userEmail: invited,
        deviceIds: doors.map((d) => d.id),
        accessLevel: 0,
        remoteAccessDisabled: false,
        weekDays: 31,
        dayStartTime: '2026-01-05T07:00:00.000Z',
        dayEndTime: '2026-01-05T16:00:00.000Z',
      },
    });
    expect(res.status).toBe(201);
    const access = new Map<number, string>(
      res.json.doors.map((d: { deviceId: number; accessId: string }) => [d.deviceId, d.accessId]),
    );
    const [lock, garage, back] = doors;
    const mails = await mailbox(invited);
    expect(mails).toHaveLength(1);
    const byName = [...doors].sort((a, b) => a.name.localeCompare(b.name)).map((d) => d.name);
    expect(mails[0].subject).toBe(
      `${c.org.name}: ${c.owner.displayName} invited you to open ${byName[0]}, ${byName[1]} and ${byName[2]}`,
    );
    for (const d of doors) expect(mails[0].text).toContain(`- ${d.name}: Mon–Fri 08:00–17:00 Europe/Warsaw`);
    const first = follow(mails[0], '/invitation');

    // Back door withdrawn: the link still gives the others; Garage sent again: a new link for it alone
    expect(
      (await api('DELETE', `${V}/my/device/${back.id}/access/${access.get(back.id)}`, { key: c.owner.key })).status,
    ).toBe(204);
    expect(
      (await api('POST', `${V}/my/device/${garage.id}/access/${access.get(garage.id)}/resend`, { key: c.owner.key }))
        .status,
    ).toBe(200);
    const resent = await lastMail(invited);
    expect(resent.subject).toBe(`${c.org.name}: ${c.owner.displayName} invited you to open Garage`);
    const second = follow(resent, '/invitation');

    const person = await createUser({ email });
    const headers = await sessionHeaders(person);
    const took = await api('POST', `${V}/account/invitation/accept`, { headers, body: { token: first } });
    expect(took.status).toBe(200);
    expect(took.json.result.accepted).toEqual([{ deviceId: lock.id, accessId: access.get(lock.id) }]);
    const took2 = await api('POST', `${V}/account/invitation/accept`, { headers, body: { token: second } });
    expect(took2.json.result.accepted).toEqual([{ deviceId: garage.id, accessId: access.get(garage.id) }]);
    const rows = await (await db())
      .select({ deviceId: deviceAccess.deviceId, userId: deviceAccess.userId, pending: deviceAccess.pendingEmail })
      .from(deviceAccess)
      .where(eq(deviceAccess.userId, person.id));
    expect(rows.map((r) => r.deviceId).sort()).toEqual([lock.id, garage.id].sort());
  });

  it('accepting needs the Account.ReadWrite scope and credentials', async () => {
    const c = await sharingCast();
    const invited = address('scoped');
    await share(c, invited);
    const token = follow(await lastMail(invited), '/invitation');
    const person = await createUser({ email: invited.toLowerCase() });
    expect((await api('POST', `${V}/account/invitation/accept`, { body: { token } })).status).toBe(401);
    expect(
      (
        await api('POST', `${V}/account/invitation/accept`, {
          key: await person.keyWith(['Account.Read']),
          body: { token },
        })
      ).status,
    ).toBe(403);
    expect((await api('POST', `${V}/account/invitation/accept`, { key: person.key, body: { token } })).status).toBe(
      200,
    );
  });
});
