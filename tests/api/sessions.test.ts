import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isHttps, publicUrl } from '@/lib/config/env';
import { config } from '@/lib/config';
import { setConfig } from '@/tests/support/config';
import { sessions } from '@/db/schema';
import { sessionCookie, sessionToken } from '../support/factories/account';
import { createUser, db } from '../support/factories/core';
import { nextAuth, type Cookies } from '../support/nextauth';
import { api } from '../support/router';

/**
 * Portal sessions end on the server (lib/auth/sessions.ts): signing in through next-auth itself
 * (its handler, in-process), then replaying the cookie after sign-out, a password change or
 * "sign out everywhere".
 */
const LIST = '/api/v37/my/personalaccesskey';

/** Signs in like the sign-in page does; returns the cookies the browser would keep and what was set. */
async function signIn(email: string, password: string) {
  const csrf = await nextAuth(['csrf']);
  const token = (csrf.body as { csrfToken: string }).csrfToken;
  const done = await nextAuth(['callback', 'credentials'], {
    method: 'POST',
    body: { email, password, csrfToken: token, json: 'true' },
    cookies: csrf.cookies,
  });
  return { cookies: { ...csrf.cookies, ...done.cookies }, set: done.set };
}

const sessionName = () => (isHttps() ? '__Host-next-auth.session-token' : 'next-auth.session-token');
const asCookie = (cookies: Cookies) => `${sessionName()}=${cookies[sessionName()]}`;
const origin = () => publicUrl().origin;

describe('sessions end on the server', () => {
  it('sign-in makes a session; after sign-out the same cookie, replayed, is refused', async () => {
    const u = await createUser({ password: 'correct horse' });
    const { cookies } = await signIn(u.email, 'correct horse');
    expect(cookies[sessionName()]).toBeTruthy();
    expect((await api('GET', LIST, { headers: { cookie: asCookie(cookies) } })).status).toBe(200);

    const out = await nextAuth(['signout'], {
      method: 'POST',
      body: { csrfToken: cookies['next-auth.csrf-token'].split('|')[0], json: 'true' },
      cookies,
    });
    expect(out.cookies[sessionName()]).toBe(''); // the browser forgets it...
    const replay = await api('GET', LIST, { headers: { cookie: asCookie(cookies) } }); // ...an attacker who kept it
    expect(replay.status).toBe(401);
    // nor does next-auth's own session endpoint renew it
    const s = await nextAuth(['session'], { cookies });
    expect(s.body).toEqual({});
  });

  it('a cookie whose session is ended by another process (in the database) is refused at once', async () => {
    const u = await createUser();
    const cookie = await sessionCookie(u);
    expect((await api('GET', LIST, { headers: { cookie } })).status).toBe(200);
    await (await db()).update(sessions).set({ endedAt: new Date() }).where(eq(sessions.userId, u.id));
    expect((await api('GET', LIST, { headers: { cookie } })).status).toBe(401);
  });

  it("a cookie correctly signed but naming no session (or someone else's user) is refused", async () => {
    const [u, other] = await Promise.all([createUser(), createUser()]);
    const forged = await sessionToken(u, randomUUID());
    expect((await api('GET', LIST, { headers: { cookie: `next-auth.session-token=${forged}` } })).status).toBe(401);
    // the session decides who is calling, not what the token says
    const theirs = (await sessionCookie(other)).split('=')[1];
    const { decode, encode } = await import('next-auth/jwt');
    const claims = (await decode({ token: theirs, secret: config().NEXTAUTH_SECRET! }))!;
    const swapped = await encode({
      token: { ...claims, sub: u.id, email: u.email },
      secret: config().NEXTAUTH_SECRET!,
    });
    const r = await api('GET', '/api/v37/my/personalaccesskey', {
      headers: { cookie: `next-auth.session-token=${swapped}` },
    });
    expect(r.status).toBe(200);
    const [mine] = (await api('GET', LIST, { key: other.key })).json.result;
    expect(r.json.result.map((k: { id: string }) => k.id)).toContain(mine.id);
  });

  it('under an https public URL the cookie is Secure and __Host- prefixed, and only that name counts', async () => {
    setConfig({ NEXTAUTH_URL: 'https://locks.example.com' });
    const u = await createUser({ password: 'correct horse' });
    const { cookies, set } = await signIn(u.email, 'correct horse');
    const session = set.find((c) => c.name === '__Host-next-auth.session-token')!;
    expect(session).toBeTruthy();
    expect(session.attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'Secure', 'SameSite=Lax']));
    expect(session.attributes.some((a) => /^Domain=/i.test(a))).toBe(false);
    expect(set.every((c) => !c.name.startsWith('next-auth.'))).toBe(true);
    expect((await api('GET', LIST, { headers: { cookie: asCookie(cookies) } })).status).toBe(200);
    // the same token under the plain name is not read
    const plain = `next-auth.session-token=${cookies['__Host-next-auth.session-token']}`;
    expect((await api('GET', LIST, { headers: { cookie: plain, origin: origin() } })).status).toBe(401);
  });
});

describe('ending every session of a user', () => {
  it('a password change ends the other sessions at once; the one that changed it goes on', async () => {
    const u = await createUser({ password: 'old password' });
    const [here, there] = [await sessionCookie(u), await sessionCookie(u)];
    const change = await api('PUT', '/api/v37/my/account/password', {
      headers: { cookie: here, origin: origin() },
      body: { currentPassword: 'old password', newPassword: 'new password 2' },
    });
    expect(change.status).toBe(200);
    expect(change.json.result).toEqual({ endedSessions: 1 });
    expect((await api('GET', LIST, { headers: { cookie: there } })).status).toBe(401);
    expect((await api('GET', LIST, { headers: { cookie: here } })).status).toBe(200);
    // and the new password is the one that signs in
    expect((await signIn(u.email, 'old password')).cookies['next-auth.session-token']).toBeUndefined();
    expect((await signIn(u.email, 'new password 2')).cookies['next-auth.session-token']).toBeTruthy();
  });

  it('the wrong current password changes nothing and ends nothing', async () => {
    const u = await createUser({ password: 'old password' });
    const [here, there] = [await sessionCookie(u), await sessionCookie(u)];
    const change = await api('PUT', '/api/v37/my/account/password', {
      headers: { cookie: here, origin: origin() },
      body: { currentPassword: 'guess', newPassword: 'new password 2' },
    });
    expect(change.status).toBe(400);
    expect(change.json.errorMessages[0]).toMatch(/^currentPassword: /);
    expect((await api('GET', LIST, { headers: { cookie: there } })).status).toBe(200);
  });

  it('"sign out everywhere" ends every session, this one included; keys keep working', async () => {
    const u = await createUser();
    const [here, there] = [await sessionCookie(u), await sessionCookie(u)];
    const end = await api('DELETE', '/api/v37/my/account/sessions', { headers: { cookie: here, origin: origin() } });
    expect(end.json.result).toEqual({ endedSessions: 2 });
    for (const cookie of [here, there]) expect((await api('GET', LIST, { headers: { cookie } })).status).toBe(401);
    expect((await api('GET', LIST, { key: u.key })).status).toBe(200);
  });
});
