import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api } from '../support/router';
import { createUser } from '../support/factories/core';

const NO_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const phoneKey = () => Buffer.from(generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x as string, 'base64url').toString('base64');

/** Phones as Tedee's docs show them (docs/source/endpoints/mobile/*.rst, datastructures/registered-mobile.rst). */
describe('GET /my/mobile/{id} and the Mobile.* scopes', () => {
  it('answers Tedee’s registered mobile (id, userIdentity, name, operatingSystem) plus its key and date', async () => {
    const me = await createUser();
    const made = await api('POST', '/api/v37/my/mobile', { key: me.key, body: { name: 'iPhone Device', publicKey: phoneKey(), operatingSystem: 0 } });
    expect(made.status).toBe(201);
    const id = made.json.result.id;
    const r = await api('GET', `/api/v37/my/mobile/${id}`, { key: me.key });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      result: { id, userIdentity: me.id, name: 'iPhone Device', operatingSystem: 0, publicKey: made.json.result.publicKey, created: expect.stringMatching(NO_ZONE) },
      success: true,
      errorMessages: [],
      statusCode: 200,
    });
    // a phone registered without saying is "other" (3); the list shows the same shape
    const other = await api('POST', '/api/v37/my/mobile', { key: me.key, body: { name: 'Integration', publicKey: phoneKey() } });
    expect(other.json.result.operatingSystem).toBe(3);
    const list = await api('GET', '/api/v37/my/mobile', { key: me.key });
    expect(list.json.result.map((m: any) => [m.id, m.operatingSystem, m.userIdentity])).toEqual([[id, 0, me.id], [other.json.result.id, 3, me.id]]);
  });

  it('404 for another person’s phone, a removed one, or none; 400 for a bad id or operating system', async () => {
    const [me, someone] = await Promise.all([createUser(), createUser()]);
    const theirs = (await api('POST', '/api/v37/my/mobile', { key: someone.key, body: { name: 'x', publicKey: phoneKey() } })).json.result.id;
    const r = await api('GET', `/api/v37/my/mobile/${theirs}`, { key: me.key });
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ success: false, statusCode: 404 });
    const mine = (await api('POST', '/api/v37/my/mobile', { key: me.key, body: { name: 'y', publicKey: phoneKey() } })).json.result.id;
    expect((await api('DELETE', `/api/v37/my/mobile/${mine}`, { key: me.key })).status).toBe(204);
    expect((await api('GET', `/api/v37/my/mobile/${mine}`, { key: me.key })).status).toBe(404);
    expect((await api('GET', '/api/v37/my/mobile/2147483647', { key: me.key })).status).toBe(404);
    expect((await api('GET', '/api/v37/my/mobile/abc', { key: me.key })).status).toBe(400);
    for (const operatingSystem of [2, 4, -1, 'iOS']) {
      expect((await api('POST', '/api/v37/my/mobile', { key: me.key, body: { name: 'z', publicKey: phoneKey(), operatingSystem } })).status, String(operatingSystem)).toBe(400);
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
    expect((await api('POST', '/api/v37/my/mobile', { key: read, body: { name: 'r', publicKey: phoneKey() } })).status).toBe(403);
    expect((await api('DELETE', `/api/v37/my/mobile/${id}`, { key: read })).status).toBe(403);
    // certificates stay DeviceCertificate.Operate's: a phone key alone cannot fetch one
    expect((await api('GET', `/api/v37/my/devicecertificate/getformobile?mobileId=${id}&deviceId=1`, { key: write })).status).toBe(403);
    expect((await api('GET', '/api/v37/my/lock', { key: write })).status).toBe(403);
    expect((await api('DELETE', `/api/v37/my/mobile/${id}`, { key: write })).status).toBe(204);
    expect((await api('GET', `/api/v37/my/mobile/${id}`)).status).toBe(401);
  });
});
