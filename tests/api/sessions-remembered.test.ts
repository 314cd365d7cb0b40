import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '@/db/schema';
import { sessionCookie } from '../support/factories/account';
import { db, lockWithCast } from '../support/factories/core';
import { api } from '../support/router';

/*
 * Reads may start on a portal session remembered from its previous call and confirm it inside
 * their own statement, like keys (tests/api/auth-remembered.test.ts). The session is ended behind
 * the service's back (straight in the database, as another server process would): the very next
 * call of every kind must be refused.
 */
async function readsOf() {
  const c = await lockWithCast();
  const start = await api('POST', `/api/v37/my/lock/${c.lock.id}/operation/unlock`, { key: c.owner.key });
  expect(start.status).toBe(202);
  return {
    cast: c,
    paths: [
      `/api/v37/my/lock/${c.lock.id}`,
      `/api/v37/my/lock/${c.lock.id}/pin`,
      `/api/v37/my/device/${c.lock.id}/access`,
      `/api/v37/my/deviceactivity?deviceId=${c.lock.id}`,
      `/api/v37/my/device/operation/${start.json.result.operationId}`,
      `/api/v37/my/device/details`,
      `/api/v37/my/personalaccesskey`,
    ],
  };
}

describe('a remembered session is confirmed in the database on every call', () => {
  it.each(['ended', 'expired'] as const)(
    '%s behind the service’s back: the next read of every kind is 401',
    async (how) => {
      const { cast, paths } = await readsOf();
      const d = await db();
      for (const path of paths) {
        const cookie = await sessionCookie(cast.owner);
        expect((await api('GET', path, { headers: { cookie } })).status, path).toBe(200);
        expect((await api('GET', path, { headers: { cookie } })).status, path).toBe(200);
        const set = how === 'ended' ? { endedAt: new Date() } : { expiresAt: new Date(Date.now() - 1000) };
        await d.update(sessions).set(set).where(eq(sessions.userId, cast.owner.id));
        const r = await api('GET', path, { headers: { cookie } });
        expect(r.status, `${how}: ${path}`).toBe(401);
        expect(r.headers.get('www-authenticate')).toBe('Bearer');
      }
    },
  );

  it('a session whose user was deleted is refused at once', async () => {
    const { cast } = await readsOf();
    const cookie = await sessionCookie(cast.guest);
    const path = `/api/v37/my/lock/${cast.lock.id}`;
    expect((await api('GET', path, { headers: { cookie } })).status).toBe(200);
    await (await db()).delete(users).where(eq(users.id, cast.guest.id));
    expect((await api('GET', path, { headers: { cookie } })).status).toBe(401);
  });
});
