import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AccessLevel, personalAccessKeys } from '@/db/schema';
import { createKeyFor } from '../support/factories/account';
import { createLock, db, grantUser, lockWithCast } from '../support/factories/core';
import { api, type ApiResponse } from '../support/router';

/*
 * Reads may start on a key remembered from its previous call and confirm it inside their own
 * statement. These tests change the key behind the service's back (straight in the database, as
 * another server process would), so nothing in this process hears of it: the very next call
 * must still see the change.
 */

type Change = 'revoked' | 'expired' | 'deleted';

async function change(keyId: string, how: Change) {
  const d = await db();
  const where = eq(personalAccessKeys.id, keyId);
  if (how === 'revoked') await d.update(personalAccessKeys).set({ revokedAt: new Date() }).where(where);
  if (how === 'expired')
    await d
      .update(personalAccessKeys)
      .set({ validTo: new Date(Date.now() - 1000) })
      .where(where);
  if (how === 'deleted') await d.delete(personalAccessKeys).where(where);
}

function expectInvalidToken(r: ApiResponse, what: string) {
  expect(r.status, what).toBe(401);
  expect(r.headers.get('www-authenticate'), what).toBe('Bearer error="invalid_token"');
  expect(r.json, what).toMatchObject({
    success: false,
    statusCode: 401,
    errorMessages: ['The access key is invalid, expired or revoked.'],
  });
}

/** Reads of every kind: those that check the key in their own statement and those that do not. */
async function readsOf() {
  const c = await lockWithCast();
  const start = await api('POST', `/api/v37/my/lock/${c.lock.id}/operation/unlock`, { key: c.owner.key });
  expect(start.status).toBe(202);
  const opId = start.json.result.operationId as string;
  return {
    cast: c,
    paths: [
      `/api/v37/my/lock/${c.lock.id}`,
      `/api/v37/my/lock/${c.lock.id}/sync`,
      `/api/v37/my/lock/${c.lock.id}/pin`,
      `/api/v37/my/device/operation/${opId}`,
      `/api/v37/my/device/details`,
      `/api/v37/my/personalaccesskey`,
    ],
  };
}

describe('a remembered key is confirmed in the database on every call', () => {
  it.each<Change>(['revoked', 'expired', 'deleted'])(
    '%s behind the service’s back: the next read of every kind is 401',
    async (how) => {
      const { cast, paths } = await readsOf();
      for (const path of paths) {
        const k = await createKeyFor(cast.owner.id);
        expect((await api('GET', path, { key: k.key })).status, path).toBe(200);
        expect((await api('GET', path, { key: k.key })).status, path).toBe(200);
        await change(k.id, how);
        expectInvalidToken(await api('GET', path, { key: k.key }), `${how}: ${path}`);
      }
    },
  );

  it('a revoked key probing ids it cannot see gets 401, never the 404 that would answer the probe', async () => {
    const { cast } = await readsOf();
    const k = await createKeyFor(cast.owner.id);
    const hidden = await createLock();
    expect((await api('GET', `/api/v37/my/lock/${hidden.id}`, { key: k.key })).status).toBe(404);
    await change(k.id, 'revoked');
    for (const path of [
      `/api/v37/my/lock/${hidden.id}`,
      `/api/v37/my/lock/${hidden.id}/pin`,
      `/api/v37/my/device/operation/00000000-0000-4000-8000-000000000000`,
    ]) {
      expectInvalidToken(await api('GET', path, { key: k.key }), path);
    }
  });

  it('scopes narrowed behind the service’s back: the next read is 403 naming the scopes needed', async () => {
    const { cast } = await readsOf();
    const k = await createKeyFor(cast.owner.id);
    const path = `/api/v37/my/lock/${cast.lock.id}`;
    expect((await api('GET', path, { key: k.key })).status).toBe(200);
    await (await db())
      .update(personalAccessKeys)
      .set({ scopes: ['Account.Read'] })
      .where(eq(personalAccessKeys.id, k.id));
    const r = await api('GET', path, { key: k.key });
    expect(r.status).toBe(403);
    expect(r.json.errorMessages[0]).toContain('Device.Read, Device.ReadWrite');
  });

  it('access removed behind the service’s back: the next read is 404 (the remembered key does not remember access)', async () => {
    const { cast } = await readsOf();
    const lock = await createLock();
    const a = await grantUser(lock.id, cast.guest.id, AccessLevel.guest);
    const path = `/api/v37/my/lock/${lock.id}`;
    expect((await api('GET', path, { key: cast.guest.key })).status).toBe(200);
    const { deviceAccess } = await import('@/db/schema');
    await (await db()).delete(deviceAccess).where(eq(deviceAccess.id, a.id));
    expect((await api('GET', path, { key: cast.guest.key })).status).toBe(404);
  });

  it('a write is never started on a remembered key: revoked, it is refused and nothing happens', async () => {
    const { cast } = await readsOf();
    const k = await createKeyFor(cast.owner.id);
    expect((await api('GET', `/api/v37/my/lock/${cast.lock.id}`, { key: k.key })).status).toBe(200);
    await change(k.id, 'revoked');
    expectInvalidToken(
      await api('POST', `/api/v37/my/lock/${cast.lock.id}/operation/lock`, { key: k.key }),
      'POST lock',
    );
  });
});
