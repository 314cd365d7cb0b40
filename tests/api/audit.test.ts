import { describe, expect, it } from 'vitest';
import { AccessLevel } from '@/db/schema';
import { sharingCast } from '../support/factories/access';
import { grantUser } from '../support/factories/core';
import { createDoorSensor } from '../support/factories/devices';
import { api } from '../support/router';

/**
 * The audit log (issue 22): every administrative action of the story below is recorded in the
 * transaction that makes it, with who, from where, how (portal or key), and before/after without
 * secrets; only the organization's owner and administrators read it.
 */
const audit = (orgId: number, key: string, q = '') =>
  api('GET', `/api/v37/organization/${orgId}/audit${q}`, { key, clientAddress: '203.0.113.7' });

describe('GET /organization/{id}/audit', () => {
  it('a lock, a bridge and a door sensor renamed: one device.settings row each with only what changed; a save without a change, none', async () => {
    const c = await sharingCast();
    const sensor = await createDoorSensor(c.lock, { organizationId: c.org.id, name: 'Hall sensor' });
    for (const d of [c.bridge, sensor]) await grantUser(d.id, c.owner.id, AccessLevel.owner);
    const k = { key: c.owner.key };
    const before = { lock: c.lock.name, bridge: c.bridge.name };
    expect(
      (
        await api('PATCH', '/api/v37/my/lock', {
          ...k,
          body: { id: c.lock.id, revision: c.lock.revision, name: 'Back gate lock' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await api('PATCH', '/api/v37/my/bridge', { ...k, body: { id: c.bridge.id, name: 'Cellar bridge' } })).status,
    ).toBe(200);
    const s = `/api/v37/my/doorsensor/${sensor.id}`;
    expect(
      (await api('PATCH', s, { ...k, body: { revision: 1, name: 'Hall sensor', timeZone: 'Europe/Berlin' } })).status,
    ).toBe(200);
    // the bridge again, as it is now: nothing to record
    expect(
      (await api('PATCH', '/api/v37/my/bridge', { ...k, body: { id: c.bridge.id, name: 'Cellar bridge' } })).status,
    ).toBe(200);
    const items = (await audit(c.org.id, c.owner.key, '?action=device.settings')).json.result as any[];
    expect(items.map((i) => [i.target.type, i.target.name, i.deviceId, i.before, i.after])).toEqual([
      ['doorSensor', 'Hall sensor', sensor.id, { timeZone: sensor.timeZone }, { timeZone: 'Europe/Berlin' }],
      ['bridge', 'Cellar bridge', c.bridge.id, { name: before.bridge }, { name: 'Cellar bridge' }],
      ['lock', 'Back gate lock', c.lock.id, { name: before.lock }, { name: 'Back gate lock' }],
    ]);
  });

  it('records the story: access changed and revoked, a PIN added, changed and deleted, a link made and changed, a group made, renamed and filled; newest first', async () => {
    const c = await sharingCast();
    const k = { key: c.admin.key, clientAddress: '203.0.113.7' };
    // an administrator gives nothing without an end (issue 29)
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const L = `/api/v37/my/device/${c.lock.id}/access`;
    expect(
      (
        await api('POST', L, {
          ...k,
          body: {
            principalType: 0,
            userEmail: 'newhire@company.test',
            accessLevel: 0,
            remoteAccessDisabled: false,
            endDate: until,
          },
        })
      ).status,
    ).toBeLessThan(300);
    const guestAccess = (await api('GET', L, { key: c.owner.key })).json.result.find(
      (a: any) => a.userEmail === c.guest.email,
    );
    expect((await api('PUT', `${L}/${guestAccess.id}`, { ...k, body: { remoteAccessDisabled: true } })).status).toBe(
      204,
    );
    const pin = await api('POST', `/api/v37/my/lock/${c.lock.id}/pin`, {
      ...k,
      body: { alias: 'Cleaner', pin: '482915', endDate: until },
    });
    expect(pin.status).toBe(201);
    expect(
      (
        await api('PUT', `/api/v37/my/lock/${c.lock.id}/pin/${pin.json.result.id}`, {
          ...k,
          body: { alias: 'Cleaner', pin: '739215', endDate: until },
        })
      ).status,
    ).toBe(204);
    expect((await api('DELETE', `/api/v37/my/lock/${c.lock.id}/pin/${pin.json.result.id}`, k)).status).toBe(204);
    const end = new Date(Date.now() + 86_400_000).toISOString();
    const link = await api('POST', `/api/v37/organization/${c.org.id}/accesslink`, {
      ...k,
      body: {
        name: 'Courier',
        description: 'Parcels',
        deviceIds: [c.lock.id],
        repeatEvent: { startDate: new Date().toISOString(), endDate: end },
      },
    });
    expect(link.status).toBe(201);
    expect(
      (
        await api('PATCH', `/api/v37/organization/${c.org.id}/accesslink/${link.json.result.id}`, {
          ...k,
          body: { name: 'Courier (mornings)' },
        })
      ).status,
    ).toBeLessThan(300);
    const group = await api('POST', `/api/v37/organization/${c.org.id}/user-groups`, {
      ...k,
      body: { name: 'Cleaners' },
    });
    expect(group.status).toBe(200);
    expect(
      (
        await api('PATCH', `/api/v37/organization/${c.org.id}/user-groups/${group.json.result.id}`, {
          ...k,
          body: { name: 'Cleaning crew' },
        })
      ).status,
    ).toBe(204);
    const members = await api('POST', `/api/v37/organization/${c.org.id}/user-groups/${group.json.result.id}/members`, {
      ...k,
      body: { organizationUserIds: [c.memberOrgUserId] },
    });
    expect(members.json.organizationUsers).toEqual([
      { organizationUserId: c.memberOrgUserId, success: true, error: null },
    ]);
    expect((await api('DELETE', `${L}/${guestAccess.id}`, k)).status).toBe(204);

    const res = await audit(c.org.id, c.owner.key);
    expect(res.status).toBe(200);
    const items = res.json.result as any[];
    expect(items.map((i) => i.action)).toEqual([
      'access.revoke',
      'group.members',
      'group.rename',
      'group.create',
      'link.update',
      'link.create',
      'pin.delete',
      'pin.update',
      'pin.create',
      'access.update',
      'access.grant',
    ]);
    expect(items.at(-1)).toMatchObject({
      target: { type: 'access', name: 'newhire@company.test' },
      after: { accessLevel: 0, invited: true },
    });
    for (const i of items) expect(i.actor).toEqual({ userId: c.admin.numId, name: c.admin.displayName, via: 'key' });
    expect(items[0]).toMatchObject({
      actionName: 'Removed an access',
      clientAddress: '203.0.113.7',
      deviceId: c.lock.id,
      target: { type: 'access', name: c.guest.email },
      before: { accessLevel: 0, remoteAccessDisabled: true },
    });
    expect(items.at(-2)).toMatchObject({
      before: { remoteAccessDisabled: false },
      after: { remoteAccessDisabled: true },
    });
    expect(items.find((i) => i.action === 'pin.update')).toMatchObject({
      before: { value: 'unchanged' },
      after: { value: 'changed' },
    });
    expect(items.find((i) => i.action === 'link.update')).toMatchObject({
      before: { name: 'Courier' },
      after: { name: 'Courier (mornings)' },
    });
    expect(items.find((i) => i.action === 'group.members')).toMatchObject({
      target: { name: 'Cleaning crew' },
      after: { added: [c.member.email] },
    });
    expect(Object.keys(items[0]).sort()).toEqual([
      'action',
      'actionName',
      'actor',
      'after',
      'before',
      'clientAddress',
      'date',
      'device',
      'deviceId',
      'id',
      'names',
      'target',
      'timeZone',
    ]);
    // no secret ever: PIN values, link tokens
    expect(res.text).not.toMatch(/482915|739215/);
    expect(res.text).not.toContain(link.json.result.url.split('/link/')[1]);

    // filters: by action, by actor, keyset paging
    expect(
      (await audit(c.org.id, c.owner.key, '?action=pin.create&action=pin.delete')).json.result.map(
        (i: any) => i.action,
      ),
    ).toEqual(['pin.delete', 'pin.create']);
    expect((await audit(c.org.id, c.owner.key, `?userId=${c.owner.numId}`)).json.result).toEqual([]);
    const first = (await audit(c.org.id, c.owner.key, '?elements=3')).json.result;
    const next = (
      await audit(c.org.id, c.owner.key, `?elements=3&lastElemDate=${first[2].date}&lastElemId=${first[2].id}`)
    ).json.result;
    expect([...first, ...next].map((i: any) => i.id)).toEqual(items.slice(0, 6).map((i) => i.id));
    expect((await audit(c.org.id, c.owner.key, '?action=door.open')).status).toBe(400);
  });

  it('people: invitations, role changes and removals are recorded with what ended', async () => {
    const c = await sharingCast();
    const O = `/api/v37/organization/${c.org.id}`;
    expect(
      (await api('POST', `${O}/user`, { key: c.owner.key, body: { email: 'colleague@company.test', role: 2 } })).status,
    ).toBe(201);
    expect(
      (await api('PUT', `${O}/assignadmin`, { key: c.owner.key, body: { organizationUserId: c.memberOrgUserId } }))
        .status,
    ).toBe(204);
    expect(
      (await api('DELETE', `${O}/user/byorganizationuserid/${c.memberOrgUserId}`, { key: c.owner.key })).status,
    ).toBe(201);
    const items = (await audit(c.org.id, c.admin.key)).json.result as any[];
    expect(items.map((i) => i.action)).toEqual(['member.remove', 'member.role', 'member.invite']);
    expect(items[1]).toMatchObject({
      target: { type: 'person', name: c.member.email },
      before: { role: 'member' },
      after: { role: 'administrator' },
    });
    // roles in the API's (Tedee's) numbering: 1 administrator, 2 member
    expect(items[0]).toMatchObject({ actionName: 'Removed a person', before: { role: 1, groups: 1 } });
    expect(items[2]).toMatchObject({ target: { name: 'colleague@company.test' }, after: { role: 2 } });
  });

  it('only owners and administrators read it: a member 403, an outsider 404; a refused change leaves no entry', async () => {
    const c = await sharingCast();
    expect((await audit(c.org.id, c.member.key)).status).toBe(403);
    expect((await audit(c.org.id, c.outsider.key)).status).toBe(404);
    // a guest trying to add a PIN is refused, and nothing is recorded
    expect(
      (
        await api('POST', `/api/v37/my/lock/${c.lock.id}/pin`, {
          key: c.guest.key,
          body: { alias: 'Mine', pin: '561234' },
        })
      ).status,
    ).toBe(403);
    expect((await audit(c.org.id, c.owner.key)).json.result).toEqual([]);
  });
});
