import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AccessLevel, deviceAccess, mailOutbox } from '@/db/schema';
import { addOrgUser, createGroup, createUser, db, grantGroup, grantUser } from '../support/factories/core';
import { createOrgLock, orgWithCast } from '../support/factories/organization';
import { activeWindow } from '../support/factories/schedule';
import { api } from '../support/router';

/**
 * Issue 33: one person, several doors, one schedule, one request (all or nothing, a per-door
 * answer), and all of a person's access ended in one step; the page per person reads them.
 */
const V = '/api/v37';
const DAY = 86_400_000;
const people = (orgId: number) => `${V}/organization/${orgId}/people`;
const access = (orgId: number) => `${people(orgId)}/access`;
const newEmail = () => `person-${randomUUID().slice(0, 8)}@test.local`;

/** An organization with three doors the owner owns and the administrator administers on weekdays 08-17 for 30 days. */
async function threeDoors(adminAccess: Partial<typeof deviceAccess.$inferInsert> = {}) {
  const c = await orgWithCast();
  const doors = [];
  for (const name of ['Back door', 'Front door', 'Garage']) {
    const lock = await createOrgLock(c.org.id, { name, timeZone: 'Europe/Warsaw' });
    await grantUser(lock.id, c.owner.id, AccessLevel.owner);
    await grantUser(lock.id, c.admin.id, AccessLevel.administrator, {
      endDate: new Date(Date.now() + 30 * DAY),
      ...adminAccess,
    });
    doors.push(lock);
  }
  return { ...c, doors, ids: doors.map((d) => d.id) };
}

const schedule = () => ({
  accessLevel: 0,
  remoteAccessDisabled: false,
  weekDays: 31,
  dayStartTime: '2026-01-05T07:00:00.000Z',
  dayEndTime: '2026-01-05T16:00:00.000Z',
  endDate: new Date(Date.now() + 7 * DAY).toISOString(),
});

const rowsOf = async (deviceIds: number[], who: { userId?: string; email?: string }) =>
  (await db())
    .select()
    .from(deviceAccess)
    .where(
      and(
        inArray(deviceAccess.deviceId, deviceIds),
        who.userId ? eq(deviceAccess.userId, who.userId) : sql`lower(${deviceAccess.pendingEmail}) = ${who.email}`,
      ),
    );

describe('POST /organization/{id}/people/access: several doors, one schedule, one request', () => {
  it('the owner gives a new person three doors: 201, one invitation per door, a per-door answer; the same request again changes nothing (200, unchanged)', async () => {
    const c = await threeDoors();
    const email = newEmail();
    const when = schedule();
    const res = await api('POST', access(c.org.id), {
      key: c.owner.key,
      body: { userEmail: email.toUpperCase(), deviceIds: c.ids, ...when },
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      success: true,
      person: { userId: null, email, displayName: email, pending: true },
      doors: c.doors.map((d) => ({
        deviceId: d.id,
        deviceName: d.name,
        outcome: 'created',
        accessId: expect.any(String),
        error: null,
      })),
      errorMessages: [],
    });
    const rows = await rowsOf(c.ids, { email });
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.weekDays === 31 && r.createdBy === c.owner.id)).toBe(true);
    // one invitation mail for the three doors (one link accepts them all)
    const mails = await (await db()).select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([
      ['device-invite', `${c.org.name}: ${c.owner.displayName} invited you to open Back door, Front door and Garage`],
    ]);

    const again = await api('POST', access(c.org.id), {
      key: c.owner.key,
      body: { userEmail: email, deviceIds: c.ids, ...when },
    });
    expect(again.status).toBe(200);
    expect(again.json.doors.map((d: { outcome: string }) => d.outcome)).toEqual([
      'unchanged',
      'unchanged',
      'unchanged',
    ]);
    expect(await rowsOf(c.ids, { email })).toHaveLength(3);
    expect(await (await db()).select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toHaveLength(1);
  });

  it('the same request sent twice at once (a retry racing its original) gives each door once and mails once', async () => {
    const c = await threeDoors();
    const email = newEmail();
    const body = { userEmail: email, deviceIds: c.ids, ...schedule() };
    const [a, b] = await Promise.all([
      api('POST', access(c.org.id), { key: c.owner.key, body }),
      api('POST', access(c.org.id), { key: c.owner.key, body }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(await rowsOf(c.ids, { email })).toHaveLength(3);
    expect(await (await db()).select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toHaveLength(1);
  });

  it('an existing account by id: new doors are created, a door they already have is set to the schedule (updated)', async () => {
    const c = await threeDoors();
    const person = await createUser();
    await addOrgUser(c.org.id, person.id, 0);
    await grantUser(c.ids[0], person.id, AccessLevel.guest);
    const res = await api('POST', access(c.org.id), {
      key: c.owner.key,
      body: { userId: person.id, deviceIds: c.ids, ...schedule() },
    });
    expect(res.status).toBe(201);
    expect(res.json.doors.map((d: { outcome: string }) => d.outcome)).toEqual(['updated', 'created', 'created']);
    const rows = await rowsOf(c.ids, { userId: person.id });
    expect(rows.map((r) => r.weekDays)).toEqual([31, 31, 31]);
    // one notice for the two doors given (the one changed is not news to them)
    const mails = await (await db()).select().from(mailOutbox).where(eq(mailOutbox.toAddress, person.email));
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([
      ['notice', `${c.org.name}: ${c.owner.displayName} shared Front door and Garage with you`],
    ]);
  });

  it('all or nothing: one door the caller cannot share refuses the whole request (403), the others are notApplied and nothing is written or mailed', async () => {
    const c = await threeDoors();
    // the administrator is only a guest on the garage
    await (await db())
      .update(deviceAccess)
      .set({ accessLevel: AccessLevel.guest })
      .where(and(eq(deviceAccess.deviceId, c.ids[2]), eq(deviceAccess.userId, c.admin.id)));
    const email = newEmail();
    const res = await api('POST', access(c.org.id), {
      key: c.admin.key,
      body: { userEmail: email, deviceIds: c.ids, ...schedule() },
    });
    expect(res.status).toBe(403);
    expect(res.json.success).toBe(false);
    expect(res.json.doors.map((d: { outcome: string }) => d.outcome)).toEqual(['notApplied', 'notApplied', 'refused']);
    expect(res.json.doors[2]).toMatchObject({ deviceId: c.ids[2], deviceName: 'Garage', accessId: null });
    expect(res.json.doors[2].error.code).toBe('forbidden');
    expect(res.json.errorMessages).toHaveLength(1);
    expect(res.json.errorMessages[0]).toMatch(/^Garage: /);
    expect(await rowsOf(c.ids, { email })).toHaveLength(0);
    expect(await (await db()).select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toHaveLength(0);
  });

  it('an administrator hands out no more than they hold: beyond their own hours is refused (403) on every door, within them is given', async () => {
    const window = activeWindow();
    const c = await threeDoors({ ...window, weekDays: 127 });
    const email = newEmail();
    const beyond = await api('POST', access(c.org.id), {
      key: c.admin.key,
      body: { userEmail: email, deviceIds: c.ids, ...schedule() },
    });
    expect(beyond.status).toBe(403);
    expect(beyond.json.doors.every((d: { outcome: string }) => d.outcome === 'refused')).toBe(true);
    expect(beyond.json.errorMessages[0]).toMatch(/nobody hands out more than they hold/);
    expect(await rowsOf(c.ids, { email })).toHaveLength(0);
    const within = await api('POST', access(c.org.id), {
      key: c.admin.key,
      body: {
        userEmail: email,
        deviceIds: c.ids,
        ...schedule(),
        weekDays: null,
        dayStartTime: window.dayStartTime.toISOString(),
        dayEndTime: window.dayEndTime.toISOString(),
      },
    });
    expect(within.status).toBe(201);
    expect(await rowsOf(c.ids, { email })).toHaveLength(3);
  });

  it('an administrator cannot give access without an end (the owner alone), nor more than their level', async () => {
    const c = await threeDoors();
    const { endDate: _, ...endless } = schedule();
    const res = await api('POST', access(c.org.id), {
      key: c.admin.key,
      body: { userEmail: newEmail(), deviceIds: c.ids, ...endless },
    });
    expect(res.status).toBe(403);
    const ownerLevel = await api('POST', access(c.org.id), {
      key: c.admin.key,
      body: { userEmail: newEmail(), deviceIds: c.ids, ...schedule(), accessLevel: 2 },
    });
    expect(ownerLevel.status).toBe(403);
    const owner = await api('POST', access(c.org.id), {
      key: c.owner.key,
      body: { userEmail: newEmail(), deviceIds: c.ids, ...endless },
    });
    expect(owner.status).toBe(201);
  });

  it('who may: a member without doors gets 404 per door (unseen), an outsider 404, a guest of a door 403; another organization’s door is not found', async () => {
    const c = await threeDoors();
    const guest = await createUser();
    await addOrgUser(c.org.id, guest.id, 0);
    await grantUser(c.ids[0], guest.id, AccessLevel.guest);
    const body = { userEmail: newEmail(), deviceIds: [c.ids[0]], ...schedule() };
    const member = await api('POST', access(c.org.id), { key: c.member.key, body });
    expect(member.status).toBe(404);
    expect(member.json.doors[0]).toMatchObject({ outcome: 'refused', deviceName: null });
    expect((await api('POST', access(c.org.id), { key: c.outsider.key, body })).status).toBe(404);
    const g = await api('POST', access(c.org.id), { key: guest.key, body });
    expect(g.status).toBe(403);
    const foreign = await createOrgLock(c.other.id, { name: 'Elsewhere' });
    const other = await api('POST', access(c.org.id), {
      key: c.owner.key,
      body: { ...body, deviceIds: [c.ids[0], foreign.id] },
    });
    expect(other.status).toBe(404);
    expect(other.json.doors[1]).toMatchObject({ deviceId: foreign.id, deviceName: null, outcome: 'refused' });
  });

  it('input: neither or both of userId and userEmail is 400; an unknown user id is 404; no doors is 400', async () => {
    const c = await threeDoors();
    const post = (body: Record<string, unknown>) => api('POST', access(c.org.id), { key: c.owner.key, body });
    expect((await post({ deviceIds: c.ids, ...schedule() })).status).toBe(400);
    expect((await post({ userId: c.member.id, userEmail: newEmail(), deviceIds: c.ids, ...schedule() })).status).toBe(
      400,
    );
    expect((await post({ userId: randomUUID(), deviceIds: c.ids, ...schedule() })).status).toBe(404);
    expect((await post({ userEmail: newEmail(), deviceIds: [], ...schedule() })).status).toBe(400);
  });
});

describe('POST /organization/{id}/people/access/revokeall: end all of a person’s access in one step', () => {
  it('ends every direct access and invitation the caller may end; group accesses and doors beyond the caller are kept; again ends nothing', async () => {
    const c = await threeDoors();
    const person = await createUser();
    const ou = await addOrgUser(c.org.id, person.id, 0);
    await grantUser(c.ids[0], person.id, AccessLevel.guest);
    await grantUser(c.ids[1], person.id, AccessLevel.guest);
    const group = await createGroup(c.org.id, `Cleaners ${randomUUID().slice(0, 4)}`, [ou]);
    await grantGroup(c.ids[2], group.id, AccessLevel.guest);
    // the administrator cannot share the front door
    await (await db())
      .update(deviceAccess)
      .set({ accessLevel: AccessLevel.guest })
      .where(and(eq(deviceAccess.deviceId, c.ids[1]), eq(deviceAccess.userId, c.admin.id)));
    const res = await api('POST', `${access(c.org.id)}/revokeall`, { key: c.admin.key, body: { userId: person.id } });
    expect(res.status).toBe(200);
    expect(res.json.result.ended.map((e: { deviceName: string }) => e.deviceName)).toEqual(['Back door']);
    expect(res.json.result.kept).toEqual([
      expect.objectContaining({ deviceName: 'Front door', via: 'user', reason: expect.any(String) }),
      expect.objectContaining({ deviceName: 'Garage', via: 'group', groupName: group.name }),
    ]);
    expect((await rowsOf(c.ids, { userId: person.id })).map((r) => r.deviceId)).toEqual([c.ids[1]]);
    const owner = await api('POST', `${access(c.org.id)}/revokeall`, { key: c.owner.key, body: { userId: person.id } });
    expect(owner.json.result.ended.map((e: { deviceName: string }) => e.deviceName)).toEqual(['Front door']);
    const again = await api('POST', `${access(c.org.id)}/revokeall`, { key: c.owner.key, body: { userId: person.id } });
    expect(again.status).toBe(200);
    expect(again.json.result.ended).toEqual([]);
  });

  it('a guest outside the organization invited to doors by e-mail: the invitations end, their mailed links with them', async () => {
    const c = await threeDoors();
    const email = newEmail();
    await api('POST', access(c.org.id), {
      key: c.owner.key,
      body: { userEmail: email, deviceIds: c.ids, ...schedule() },
    });
    const res = await api('POST', `${access(c.org.id)}/revokeall`, { key: c.owner.key, body: { userEmail: email } });
    expect(res.status).toBe(200);
    expect(res.json.result.ended).toHaveLength(3);
    expect(res.json.result.ended.every((e: { via: string }) => e.via === 'invitation')).toBe(true);
    expect(await rowsOf(c.ids, { email })).toHaveLength(0);
  });

  it('a member without doors ends nothing and learns nothing (doors they cannot see are left out); an outsider 404', async () => {
    const c = await threeDoors();
    const person = await createUser();
    await grantUser(c.ids[0], person.id, AccessLevel.guest);
    const m = await api('POST', `${access(c.org.id)}/revokeall`, { key: c.member.key, body: { userId: person.id } });
    expect(m.status).toBe(200);
    expect(m.json.result).toMatchObject({ ended: [], kept: [] });
    expect(await rowsOf(c.ids, { userId: person.id })).toHaveLength(1);
    const o = await api('POST', `${access(c.org.id)}/revokeall`, { key: c.outsider.key, body: { userId: person.id } });
    expect(o.status).toBe(404);
  });
});

describe('GET /organization/{id}/people and .../people/access: the page per person', () => {
  it('lists members and guests outside the organization; a person’s doors say how (direct, through a group) with the door’s zone', async () => {
    const c = await threeDoors();
    const guest = await createUser();
    await grantUser(c.ids[0], guest.id, AccessLevel.guest, { weekDays: 31 });
    const member = await createUser();
    const ou = await addOrgUser(c.org.id, member.id, 0);
    const group = await createGroup(c.org.id, `Staff ${randomUUID().slice(0, 4)}`, [ou]);
    await grantGroup(c.ids[1], group.id, AccessLevel.guest);
    const list = await api('GET', people(c.org.id), { key: c.owner.key });
    expect(list.status).toBe(200);
    const byId = (id: string) => list.json.result.people.find((p: { userId: string }) => p.userId === id);
    expect(byId(guest.id)).toMatchObject({ role: null, roleName: 'guest outside the organization', doorCount: 1 });
    expect(byId(member.id)).toMatchObject({ role: 0, doorCount: 1, groups: [{ id: group.id, name: group.name }] });
    const page = await api('GET', `${access(c.org.id)}?userId=${member.id}`, { key: c.owner.key });
    expect(page.status).toBe(200);
    expect(page.json.result.doors).toEqual([
      expect.objectContaining({
        deviceName: 'Front door',
        via: 'group',
        groupName: group.name,
        timeZone: 'Europe/Warsaw',
      }),
    ]);
    expect(page.json.result.manageableDoors.map((d: { name: string }) => d.name)).toEqual([
      'Back door',
      'Front door',
      'Garage',
    ]);
    // a member sees the directory, not anyone's doors; an outsider nothing
    const asMember = await api('GET', `${access(c.org.id)}?userId=${member.id}`, { key: c.member.key });
    expect(asMember.status).toBe(200);
    expect(asMember.json.result.doors).toEqual([]);
    expect(asMember.json.result.manageableDoors).toEqual([]);
    const memberList = await api('GET', people(c.org.id), { key: c.member.key });
    expect(memberList.json.result.people.find((p: { userId: string }) => p.userId === guest.id)).toBeUndefined();
    expect((await api('GET', people(c.org.id), { key: c.outsider.key })).status).toBe(404);
    expect((await api('GET', `${access(c.org.id)}?userId=${guest.id}`, { key: c.member.key })).status).toBe(404);
  });
});
