import { createPublicKey, verify } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AccessLevel, deviceAccess } from '@/db/schema';
import { api } from '../support/router';
import { sharingCast } from '../support/factories/access';
import { createUser, db, grantUser } from '../support/factories/core';

const copyUrl = (deviceId: number, accessId: string) => `/api/v37/my/device/${deviceId}/access/${accessId}/copy-to`;

describe('POST /my/device/{deviceId}/access/{accessId}/copy-to (Tedee’s copy permissions)', () => {
  it('gives each principal the source’s level, remote flag and schedule; one refused does not stop the others (flat 201)', async () => {
    const c = await sharingCast();
    const source = await grantUser(c.lock.id, (await createUser()).id, AccessLevel.guest, {
      remoteAccessDisabled: true,
      weekDays: 31,
      dayStartTime: new Date('2026-01-05T07:00:00Z'),
      dayEndTime: new Date('2026-01-05T16:00:00Z'),
      endDate: new Date('2030-01-01T00:00:00Z'),
    });
    const [a, b] = [await createUser(), await createUser()];
    const res = await api('POST', copyUrl(c.lock.id, source.id), {
      key: c.admin.key,
      body: {
        principals: [
          { principalType: 0, userEmail: a.email },
          { principalType: 0, userEmail: c.guest.email }, // already has an access: refused alone
          { principalType: 0, userEmail: b.email },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.json.success).toBeUndefined(); // flat, like the grant
    expect(res.json.principals).toEqual([
      {
        id: expect.any(String),
        principalType: 0,
        principalId: a.id,
        userEmail: a.email,
        displayName: a.displayName,
        success: true,
        error: null,
      },
      {
        id: null,
        principalType: 0,
        principalId: null,
        userEmail: c.guest.email,
        displayName: '',
        success: false,
        error: { code: 'conflict', message: expect.stringMatching(/already has an access/) },
      },
      {
        id: expect.any(String),
        principalType: 0,
        principalId: b.id,
        userEmail: b.email,
        displayName: b.displayName,
        success: true,
        error: null,
      },
    ]);
    const [copied] = await (await db())
      .select()
      .from(deviceAccess)
      .where(and(eq(deviceAccess.deviceId, c.lock.id), eq(deviceAccess.userId, a.id)));
    expect(copied).toMatchObject({
      accessLevel: 0,
      remoteAccessDisabled: true,
      weekDays: 31,
      dayStartTime: source.dayStartTime,
      dayEndTime: source.dayEndTime,
      endDate: source.endDate,
    });
  });

  it('the policy holds for each copy: not above one’s own level, not the owner’s access, not to a group one is in; guests 403, outsiders 404', async () => {
    const c = await sharingCast();
    const adminRecord = (
      await (
        await db()
      )
        .select()
        .from(deviceAccess)
        .where(and(eq(deviceAccess.deviceId, c.lock.id), eq(deviceAccess.userId, c.admin.id)))
    )[0];
    const ownerRecord = (
      await (
        await db()
      )
        .select()
        .from(deviceAccess)
        .where(and(eq(deviceAccess.deviceId, c.lock.id), eq(deviceAccess.accessLevel, 2)))
    )[0];
    const target = await createUser();
    const body = { principals: [{ principalType: 0, userEmail: target.email }] };
    // copying the owner's access would grant the owner level
    const owner = await api('POST', copyUrl(c.lock.id, ownerRecord.id), { key: c.owner.key, body });
    expect(owner.json.principals[0]).toMatchObject({ success: false, error: { code: 'invalid' } });
    // an administrator copying their own record, without an end, to someone: only the organization's
    // owner gives a door without an end (nobody hands out more than they hold)
    expect(
      (await api('POST', copyUrl(c.lock.id, adminRecord.id), { key: c.admin.key, body })).json.principals[0],
    ).toMatchObject({ success: false, error: { code: 'forbidden', message: expect.stringMatching(/without an end/) } });
    // with an end of its own, their record copies (administrator is not above their level)
    await (await db())
      .update(deviceAccess)
      .set({ endDate: new Date(Date.now() + 7 * 86_400_000) })
      .where(eq(deviceAccess.id, adminRecord.id));
    expect(
      (await api('POST', copyUrl(c.lock.id, adminRecord.id), { key: c.admin.key, body })).json.principals[0].success,
    ).toBe(true);
    expect((await api('POST', copyUrl(c.lock.id, adminRecord.id), { key: c.guest.key, body })).status).toBe(403);
    expect((await api('POST', copyUrl(c.lock.id, adminRecord.id), { key: c.outsider.key, body })).status).toBe(404);
    expect(
      (await api('POST', copyUrl(c.lock.id, '00000000-0000-4000-8000-000000000000'), { key: c.owner.key, body }))
        .status,
    ).toBe(404);
  });
});

describe('GET /datetime/getsignedtime', () => {
  it('the service’s time as 8 bytes of milliseconds, signed with the service key', async () => {
    const u = await createUser();
    const before = Date.now();
    const r = await api('GET', '/api/v37/datetime/getsignedtime', { key: u.key });
    expect(r.status).toBe(200);
    const bytes = Buffer.from(r.json.result.datetime, 'base64');
    expect(bytes).toHaveLength(8);
    const ms = Number(bytes.readBigUInt64BE());
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now());
    const pub = (await api('GET', '/api/v37/service/publickey')).json.result.publicKey;
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(pub, 'base64').toString('base64url') },
      format: 'jwk',
    });
    expect(verify(null, bytes, key, Buffer.from(r.json.result.signature, 'base64'))).toBe(true);
    const later = Buffer.alloc(8);
    later.writeBigUInt64BE(BigInt(ms + 60_000));
    expect(verify(null, later, key, Buffer.from(r.json.result.signature, 'base64'))).toBe(false);
  });
});
