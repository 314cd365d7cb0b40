import { describe, expect, it } from 'vitest';
import { api } from '../support/router';
import { addOrgUser, createOrg, createUser } from '../support/factories/core';

/** /api/v37/organization/{organizationId}/webhook: managed by the organization's administrators. */
const url = 'http://127.0.0.1:9/org-hook';

async function orgWithCast() {
  const org = await createOrg();
  const [owner, admin, member, outsider] = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
  await addOrgUser(org.id, owner.id, 2);
  await addOrgUser(org.id, admin.id, 1);
  await addOrgUser(org.id, member.id, 0);
  return { org, owner, admin, member, outsider, base: `/api/v37/organization/${org.id}/webhook` };
}

describe('organization webhooks', () => {
  it('owners and administrators manage them; a member gets 403, an outsider 404', async () => {
    const { org, owner, admin, member, outsider, base } = await orgWithCast();
    const created = await api('POST', base, { key: admin.key, body: { url, events: ['device-connection-changed'] } });
    expect(created.status).toBe(201);
    expect(created.json.result).toMatchObject({
      organizationId: org.id,
      url,
      events: ['device-connection-changed'],
      enabled: true,
    });
    expect(created.json.result.secret).toMatch(/^whsec_/);
    const id = created.json.result.id;
    const list = await api('GET', base, { key: owner.key });
    expect(list.json.result.map((w: any) => w.id)).toEqual([id]);
    expect(
      (await api('PATCH', `${base}/${id}`, { key: owner.key, body: { events: ['bell-button-pressed'] } })).json.result
        .events,
    ).toEqual(['bell-button-pressed']);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', base],
      ['POST', base, { url, events: ['bell-button-pressed'] }],
      ['GET', `${base}/${id}`],
      ['PATCH', `${base}/${id}`, { enabled: false }],
      ['DELETE', `${base}/${id}`],
      ['POST', `${base}/${id}/test`],
      ['GET', `${base}/${id}/delivery`],
      ['POST', `${base}/${id}/delivery/1/redeliver`],
    ];
    for (const [m, p, body] of calls) {
      expect((await api(m, p, { key: member.key, body })).status, `member ${m} ${p}`).toBe(403);
      expect((await api(m, p, { key: outsider.key, body })).status, `outsider ${m} ${p}`).toBe(404);
    }
    expect((await api('DELETE', `${base}/${id}`, { key: admin.key })).status).toBe(204);
  });

  it("does not reach another organization's webhooks or the user's own through the org path", async () => {
    const a = await orgWithCast();
    const b = await orgWithCast();
    await addOrgUser(b.org.id, a.admin.id, 1); // a's admin also administers b
    const hook = (await api('POST', a.base, { key: a.admin.key, body: { url, events: ['bell-button-pressed'] } })).json
      .result;
    expect((await api('GET', `${b.base}/${hook.id}`, { key: a.admin.key })).status).toBe(404);
    const mine = (
      await api('POST', '/api/v37/my/webhook', { key: a.admin.key, body: { url, events: ['bell-button-pressed'] } })
    ).json.result;
    expect((await api('GET', `${a.base}/${mine.id}`, { key: a.admin.key })).status).toBe(404);
    expect((await api('GET', `/api/v37/my/webhook/${hook.id}`, { key: a.admin.key })).status).toBe(404);
  });

  it('needs Organization scopes: read for lists, read-write for changes', async () => {
    const { admin, base } = await orgWithCast();
    const read = await admin.keyWith(['Organization.Read']);
    const device = await admin.keyWith(['Device.ReadWrite']);
    expect((await api('GET', base, { key: read })).status).toBe(200);
    expect((await api('POST', base, { key: read, body: { url, events: ['bell-button-pressed'] } })).status).toBe(403);
    expect((await api('GET', base, { key: device })).status).toBe(403);
    expect((await api('GET', base)).status).toBe(401);
    const bad = await api('POST', base, {
      key: admin.key,
      body: { url: 'http://192.168.0.2/', events: ['bell-button-pressed'] },
    });
    expect(bad.status).toBe(400);
  });
});
