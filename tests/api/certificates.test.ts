import { createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { revokeCertificates } from '@/lib/domain/certificates/revoke';
import { api } from '../support/router';
import { phoneKey } from '../support/factories/account';
import { db, lockWithCast } from '../support/factories/core';
import { deviceRow } from '../support/factories/devices';

const MICRO_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

async function serviceVerifier() {
  const r = await api('GET', '/api/v37/service/publickey');
  expect(r.status).toBe(200);
  expect(r.json.result).toMatchObject({ algorithm: 'Ed25519', publicKey: expect.any(String) });
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(r.json.result.publicKey, 'base64').toString('base64url') },
    format: 'jwk',
  });
  return (body: Record<string, unknown>) => {
    const { signature, ...rest } = body;
    return verify(null, Buffer.from(JSON.stringify(rest)), key, Buffer.from(signature as string, 'base64'));
  };
}

describe('mobiles and device certificates', () => {
  it('registers a phone, issues a signed certificate, and lists it once revoked; 204 when the version is current', async () => {
    const { guest, lock } = await lockWithCast();
    const verifySig = await serviceVerifier();
    const m = await api('POST', '/api/v37/my/mobile', {
      key: guest.key,
      body: { name: 'Pixel', publicKey: phoneKey() },
    });
    expect(m.status).toBe(201);
    expect(m.json.result).toMatchObject({ id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-/), name: 'Pixel' });
    const c = await api(
      'GET',
      `/api/v37/my/devicecertificate/getformobile?mobileId=${m.json.result.id}&deviceId=${lock.id}`,
      { key: guest.key },
    );
    expect(c.status).toBe(200);
    expect(c.json.result).toMatchObject({
      certificateId: expect.any(Number),
      deviceId: lock.id,
      mobileId: m.json.result.id,
      accessLevel: 0,
    });
    expect(c.json.result.expirationDate).toMatch(MICRO_Z);
    // Tedee's fields (certificate-for-mobile.rst): the certificate as one string and the device's own key
    const { certificate, devicePublicKey, ...plain } = c.json.result;
    expect(verifySig(plain)).toBe(true);
    expect(JSON.parse(Buffer.from(certificate, 'base64').toString('utf8'))).toEqual(plain);
    expect(Buffer.from(devicePublicKey, 'base64')).toHaveLength(65);
    expect(Buffer.from(devicePublicKey, 'base64')[0]).toBe(4);
    const version = (await deviceRow(lock.id)).certListVersion;
    const current = await api(
      'GET',
      `/api/v37/my/devicecertificate/getrevokedformobile?deviceId=${lock.id}&version=${version}`,
      { key: guest.key },
    );
    expect(current.status).toBe(204);
    expect(current.text).toBe('');
    // the phone is deleted: its certificate is revoked and the list version rises
    expect((await api('DELETE', `/api/v37/my/mobile/${m.json.result.id}`, { key: guest.key })).status).toBe(204);
    const r = await api(
      'GET',
      `/api/v37/my/devicecertificate/getrevokedformobile?deviceId=${lock.id}&version=${version}`,
      { key: guest.key },
    );
    expect(r.status).toBe(200);
    const list = r.json.result;
    expect(Object.keys(list).sort()).toEqual([
      'deviceId',
      'lastUpdated',
      'revokedCertificates',
      'signature',
      'version',
    ]);
    expect(list).toMatchObject({ deviceId: lock.id, version: version + 1, lastUpdated: expect.any(Number) });
    expect(list.revokedCertificates).toEqual([
      { certificateId: c.json.result.certificateId, expirationDate: c.json.result.expirationDate },
    ]);
    expect(list.signature).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(verifySig(list)).toBe(true);
    expect(verifySig({ ...list, version: list.version + 1 })).toBe(false);
  });

  it('revokeCertificates (access removed) revokes only the matching ones and bumps the version once per device', async () => {
    const { guest, admin, lock } = await lockWithCast();
    const reg = async (u: typeof guest) =>
      (await api('POST', '/api/v37/my/mobile', { key: u.key, body: { name: 'p', publicKey: phoneKey() } })).json.result
        .id;
    const [gm, am] = [await reg(guest), await reg(admin)];
    await api('GET', `/api/v37/my/devicecertificate/getformobile?mobileId=${gm}&deviceId=${lock.id}`, {
      key: guest.key,
    });
    await api('GET', `/api/v37/my/devicecertificate/getformobile?mobileId=${am}&deviceId=${lock.id}`, {
      key: admin.key,
    });
    const before = (await deviceRow(lock.id)).certListVersion;
    expect(await revokeCertificates(await db(), { deviceId: lock.id, userId: guest.id })).toBe(1);
    expect((await deviceRow(lock.id)).certListVersion).toBe(before + 1);
    expect(await revokeCertificates(await db(), { deviceId: lock.id, userId: guest.id })).toBe(0);
    expect((await deviceRow(lock.id)).certListVersion).toBe(before + 1);
    const list = (
      await api('GET', `/api/v37/my/devicecertificate/getrevokedformobile?deviceId=${lock.id}&version=0`, {
        key: admin.key,
      })
    ).json.result;
    expect(list.revokedCertificates).toHaveLength(1);
  });

  it('404 for another user’s mobile or an unseen device, 400 for a bad key or missing query, 401/403 as usual', async () => {
    const { guest, outsider, lock } = await lockWithCast();
    const id = (
      await api('POST', '/api/v37/my/mobile', { key: outsider.key, body: { name: 'x', publicKey: phoneKey() } })
    ).json.result.id;
    expect(
      (
        await api('GET', `/api/v37/my/devicecertificate/getformobile?mobileId=${id}&deviceId=${lock.id}`, {
          key: guest.key,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api('GET', `/api/v37/my/devicecertificate/getformobile?mobileId=${id}&deviceId=${lock.id}`, {
          key: outsider.key,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api('GET', `/api/v37/my/devicecertificate/getrevokedformobile?deviceId=${lock.id}&version=1`, {
          key: outsider.key,
        })
      ).status,
    ).toBe(404);
    expect((await api('DELETE', `/api/v37/my/mobile/${id}`, { key: guest.key })).status).toBe(404);
    expect(
      (await api('POST', '/api/v37/my/mobile', { key: guest.key, body: { name: 'x', publicKey: 'not-a-key' } })).status,
    ).toBe(400);
    expect(
      (await api('POST', '/api/v37/my/mobile', { key: guest.key, body: { name: '', publicKey: phoneKey() } })).status,
    ).toBe(400);
    expect(
      (await api('GET', `/api/v37/my/devicecertificate/getrevokedformobile?deviceId=${lock.id}`, { key: guest.key }))
        .status,
    ).toBe(400);
    expect(
      (await api('GET', `/api/v37/my/devicecertificate/getrevokedformobile?deviceId=${lock.id}&version=1`)).status,
    ).toBe(401);
    expect(
      (
        await api('GET', `/api/v37/my/devicecertificate/getrevokedformobile?deviceId=${lock.id}&version=1`, {
          key: await guest.keyWith(['Device.Read']),
        })
      ).status,
    ).toBe(403);
  });
});
