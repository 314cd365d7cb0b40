import { ECDH, generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mobiles } from '@/db/schema';
import { api } from '../support/router';
import { phoneKey } from '../support/factories/account';
import { createUser, db, lockWithCast } from '../support/factories/core';

const NO_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/** Phones as Tedee's docs show them (docs/source/endpoints/mobile/*.rst, datastructures/registered-mobile.rst). */
describe('GET /my/mobile/{id} and the Mobile.* scopes', () => {
  it('answers Tedee’s registered mobile (id, userIdentity, name, operatingSystem) plus its key and date', async () => {
    const me = await createUser();
    const made = await api('POST', '/api/v37/my/mobile', {
      key: me.key,
      body: { name: 'iPhone Device', publicKey: phoneKey(), operatingSystem: 0 },
    });
    expect(made.status).toBe(201);
    const id = made.json.result.id;
    const r = await api('GET', `/api/v37/my/mobile/${id}`, { key: me.key });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      result: {
        id,
        userIdentity: me.id,
        name: 'iPhone Device',
        operatingSystem: 0,
        publicKey: made.json.result.publicKey,
        created: expect.stringMatching(NO_ZONE),
      },
      success: true,
      errorMessages: [],
      statusCode: 200,
    });
    // a phone registered without saying is "other" (3); the list shows the same shape
    const other = await api('POST', '/api/v37/my/mobile', {
      key: me.key,
      body: { name: 'Integration', publicKey: phoneKey() },
    });
    expect(other.json.result.operatingSystem).toBe(3);
    const list = await api('GET', '/api/v37/my/mobile', { key: me.key });
    expect(list.json.result.map((m: any) => [m.id, m.operatingSystem, m.userIdentity])).toEqual([
      [id, 0, me.id],
      [other.json.result.id, 3, me.id],
    ]);
  });

  it('404 for another person’s phone, a removed one, or none; 400 for a bad id or operating system', async () => {
    const [me, someone] = await Promise.all([createUser(), createUser()]);
    const theirs = (
      await api('POST', '/api/v37/my/mobile', { key: someone.key, body: { name: 'x', publicKey: phoneKey() } })
    ).json.result.id;
    const r = await api('GET', `/api/v37/my/mobile/${theirs}`, { key: me.key });
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ success: false, statusCode: 404 });
    const mine = (await api('POST', '/api/v37/my/mobile', { key: me.key, body: { name: 'y', publicKey: phoneKey() } }))
      .json.result.id;
    expect((await api('DELETE', `/api/v37/my/mobile/${mine}`, { key: me.key })).status).toBe(204);
    expect((await api('GET', `/api/v37/my/mobile/${mine}`, { key: me.key })).status).toBe(404);
    expect((await api('GET', '/api/v37/my/mobile/2147483647', { key: me.key })).status).toBe(404);
    expect((await api('GET', '/api/v37/my/mobile/abc', { key: me.key })).status).toBe(400);
    for (const operatingSystem of [2, 4, -1, 'iOS']) {
      expect(
        (
          await api('POST', '/api/v37/my/mobile', {
            key: me.key,
            body: { name: 'z', publicKey: phoneKey(), operatingSystem },
          })
        ).status,
        String(operatingSystem),
      ).toBe(400);
    }
  });

  it('Mobile.Read reads, Mobile.ReadWrite also registers and removes; neither opens anything else', async () => {
    const me = await createUser();
    const read = await me.keyWith(['Mobile.Read']);
    const write = await me.keyWith(['Mobile.ReadWrite']);
    const made = await api('POST', '/api/v37/my/mobile', { key: write, body: { name: 'w', publicKey: phoneKey() } });
    expect(made.status).toBe(201);
    const id = made.json.result.id;
    expect((await api('GET', `/api/v37/my/mobile/${id}`, { key: read })).status).toBe(200);
    expect((await api('GET', '/api/v37/my/mobile', { key: read })).status).toBe(200);
    expect(
      (await api('POST', '/api/v37/my/mobile', { key: read, body: { name: 'r', publicKey: phoneKey() } })).status,
    ).toBe(403);
    expect((await api('DELETE', `/api/v37/my/mobile/${id}`, { key: read })).status).toBe(403);
    // certificates stay DeviceCertificate.Operate's: a phone key alone cannot fetch one
    expect(
      (await api('GET', `/api/v37/my/devicecertificate/getformobile?mobileId=${id}&deviceId=1`, { key: write })).status,
    ).toBe(403);
    expect((await api('GET', '/api/v37/my/lock', { key: write })).status).toBe(403);
    expect((await api('DELETE', `/api/v37/my/mobile/${id}`, { key: write })).status).toBe(204);
    expect((await api('GET', `/api/v37/my/mobile/${id}`)).status).toBe(401);
  });
});

describe("Tedee's own mobile sample (mobile/register.rst, devicecertificate/get-for-mobile.rst)", () => {
  // the docs' sample body: an ECDSA P-256 public key, uncompressed, base64
  const DOCS_KEY = 'BL4lFWWQ0SCxYr5aLWaCUA/88XsWkVJdxihYIN0kL9VKhE9jAx8+INXVG/vsen/VEj9YltNMtb1I+qDTUdVqo8c=';

  it('registers the docs’ sample body (201, a UUID id) and issues a certificate for it by that id', async () => {
    const { guest, lock } = await lockWithCast();
    const r = await api('POST', '/api/v37/my/mobile', {
      key: guest.key,
      body: { name: 'integrationDevice', operatingSystem: 3, publicKey: DOCS_KEY },
    });
    expect(r.status).toBe(201);
    expect(r.json.result.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(r.json.result).toMatchObject({ name: 'integrationDevice', operatingSystem: 3, publicKey: DOCS_KEY });
    const c = await api(
      'GET',
      `/api/v37/my/devicecertificate/getformobile?mobileId=${r.json.result.id}&deviceId=${lock.id}`,
      { key: guest.key },
    );
    expect(c.status).toBe(200);
    expect(c.json.result).toMatchObject({
      certificate: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
      devicePublicKey: expect.stringMatching(/^B[A-Za-z0-9+/]{86}=$/),
      mobilePublicKey: DOCS_KEY,
      expirationDate: expect.stringMatching(/\.\d{6}Z$/),
    });
  });

  it('takes a compressed P-256 point and a PEM; refuses a compressed point off the curve and other key kinds', async () => {
    const me = await createUser();
    const post = (publicKey: string) =>
      api('POST', '/api/v37/my/mobile', { key: me.key, body: { name: 'k', publicKey } });
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
    const jwk = ec.export({ format: 'jwk' });
    const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
    const compressed = ECDH.convertKey(point, 'prime256v1', undefined, undefined, 'compressed') as Buffer;
    const viaCompressed = await post(compressed.toString('base64'));
    expect(viaCompressed.status).toBe(201);
    expect(viaCompressed.json.result.publicKey).toBe(point.toString('base64'));
    expect((await post(ec.export({ format: 'pem', type: 'spki' }).toString())).status).toBe(201);
    // a compressed x that is no point of the curve cannot even be read (an uncompressed key is taken by
    // its shape: the docs' own sample above is not on the curve either)
    let x = Buffer.from(compressed);
    for (let i = 0; i < 50 && isPoint(x); i++) x = Buffer.concat([x.subarray(0, 32), Buffer.from([(x[32] + 1) % 256])]);
    expect(isPoint(x)).toBe(false);
    expect((await post(x.toString('base64'))).status).toBe(400);
    expect((await post(Buffer.concat([Buffer.from([5]), point.subarray(1)]).toString('base64'))).status).toBe(400);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'pem', type: 'spki' });
    const refused = await post(rsa.toString());
    expect(refused.status).toBe(400);
    expect(refused.json.errorMessages[0]).toMatch(/ECDSA P-256/);
  });

  it('the number a phone had before UUIDs is still accepted where a client may hold one', async () => {
    const { guest, lock } = await lockWithCast();
    const uuid = (
      await api('POST', '/api/v37/my/mobile', { key: guest.key, body: { name: 'old', publicKey: phoneKey() } })
    ).json.result.id as string;
    const [row] = await (await db()).select({ id: mobiles.id }).from(mobiles).where(eq(mobiles.publicId, uuid));
    const byNumber = await api('GET', `/api/v37/my/mobile/${row.id}`, { key: guest.key });
    expect(byNumber.status).toBe(200);
    expect(byNumber.json.result.id).toBe(uuid);
    expect(
      (
        await api('GET', `/api/v37/my/devicecertificate/getformobile?mobileId=${row.id}&deviceId=${lock.id}`, {
          key: guest.key,
        })
      ).json.result.mobileId,
    ).toBe(uuid);
    expect((await api('GET', `/api/v37/my/mobile/${uuid.toUpperCase()}`, { key: guest.key })).status).toBe(200);
    expect((await api('DELETE', `/api/v37/my/mobile/${row.id}`, { key: guest.key })).status).toBe(204);
    expect((await api('GET', `/api/v37/my/mobile/${uuid}`, { key: guest.key })).status).toBe(404);
  });
});

function isPoint(compressed: Buffer): boolean {
  try {
    ECDH.convertKey(compressed, 'prime256v1', undefined, undefined, 'uncompressed');
    return true;
  } catch {
    return false;
  }
}
