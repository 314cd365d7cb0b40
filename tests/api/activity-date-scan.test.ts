import { eq, sql } from 'drizzle-orm';
import { arrayOf } from '@/db/arrays';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel, organizationUsers } from '@/db/schema';
import { activityPage, activityScope, type ActivityPageInput } from '@/lib/domain/activity/list';
import type { Ctx } from '@/lib/domain/context';
import { bulkActivity } from '../support/factories/access';
import {
  addOrgUser,
  createGroup,
  createLock,
  createOrg,
  createUser,
  ctxOf,
  db,
  grantGroup,
  grantUser,
  type TestUser,
} from '../support/factories/core';
import { createSite } from '../support/factories/sites';
import { api } from '../support/router';

/**
 * Issue 34: a big owner's log across every device is read in one scan by date (DATE_SCAN_FROM
 * devices of full view or more) instead of one scan per device. Both ways must answer the same
 * page, entry for entry, for every filter and cursor; and the scope that says which devices are
 * read in full, now partly decided in SQL, must say what the policy says.
 */
let viewer: TestUser;
let other: TestUser;
let ctx: Ctx;
const lock: Record<'plain' | 'otherSite' | 'noDay' | 'byGroup' | 'guest', number> = {
  plain: 0,
  otherSite: 0,
  noDay: 0,
  byGroup: 0,
  guest: 0,
};
let siteA: number;
const newest = new Date('2026-05-01T10:00:00.000Z');

beforeAll(async () => {
  [viewer, other] = await Promise.all([createUser(), createUser()]);
  const org = await createOrg();
  const [a, b] = [await createSite(org.id), await createSite(org.id)];
  siteA = a.id;
  const ou = await addOrgUser(org.id, viewer.id, 1);
  // an administrator limited to site A
  await (await db())
    .update(organizationUsers)
    .set({ siteIds: [a.id] })
    .where(eq(organizationUsers.id, ou));
  const group = await createGroup(org.id, 'Night staff', [ou]);
  lock.plain = (await createLock({ organizationId: org.id, siteId: a.id, name: 'Plain' })).id;
  lock.otherSite = (await createLock({ organizationId: org.id, siteId: b.id, name: 'Other site' })).id;
  lock.noDay = (await createLock({ organizationId: org.id, siteId: a.id, name: 'No day' })).id;
  lock.byGroup = (await createLock({ organizationId: org.id, siteId: a.id, name: 'By group' })).id;
  lock.guest = (await createLock({ name: 'Guest' })).id;
  await grantUser(lock.plain, viewer.id, AccessLevel.administrator);
  await grantUser(lock.otherSite, viewer.id, AccessLevel.administrator);
  await grantUser(lock.noDay, viewer.id, AccessLevel.administrator, { weekDays: 0 });
  await grantGroup(lock.byGroup, group.id, AccessLevel.administrator);
  await grantUser(lock.guest, viewer.id, AccessLevel.guest, { created: new Date('2026-01-01T00:00:00Z') });
  const authors = [
    null,
    { id: viewer.id, numId: viewer.numId, displayName: viewer.displayName },
    { id: other.id, numId: other.numId, displayName: other.displayName },
  ];
  // the same dates on every device: the id breaks the ties
  for (const id of Object.values(lock)) await bulkActivity(id, 120, newest, authors);
  // entries without an author carry a name only those who manage the door see (a PIN's alias)
  await (await db()).execute(
    sql`update device_activity set username = 'Spare PIN' where user_id is null and device_id = any(${arrayOf('int', Object.values(lock))})`,
  );
  ctx = await ctxOf(viewer);
});

describe('the log across devices, by device and by date', () => {
  it('the full view where the policy gives it: the own access of an administrator, in their sites, within their days, or a group of theirs', async () => {
    const scope = await activityScope(ctx);
    const full = Object.fromEntries(scope.ids.map((id, i) => [id, scope.full[i]]));
    expect(full).toEqual({
      [lock.plain]: true,
      [lock.otherSite]: false,
      [lock.noDay]: false,
      [lock.byGroup]: true,
      [lock.guest]: false,
    });
  });

  const cases: Array<[string, Omit<ActivityPageInput, 'elements'>]> = [
    ['the first page', {}],
    ['a page in the middle, by date and id', { lastElemDate: new Date(newest.getTime() - 20_000), lastElemId: 0 }],
    ['one event', { events: [33] }],
    ['one author', { author: 0 }],
    ['the viewer as author', { author: -1 }],
    ['from a date', { from: new Date(newest.getTime() - 15_000) }],
    ['site A', { siteId: -2 }],
    ['no site', { siteId: 0 }],
  ];
  for (const [name, q] of cases)
    it(`${name}: the scan by date answers what the scans by device answer`, async () => {
      const scope = await activityScope(ctx);
      const input: ActivityPageInput = {
        elements: 50,
        ...q,
        author: q.author === -1 ? viewer.numId : q.author,
        siteId: q.siteId === -2 ? siteA : q.siteId,
      };
      if (q.lastElemId === 0) {
        const [mid] = await activityPage(ctx, scope, { elements: 1, lastElemDate: q.lastElemDate }, Infinity);
        input.lastElemDate = new Date(`${mid.date}Z`);
        input.lastElemId = mid.id;
      }
      const byDevice = await activityPage(ctx, scope, input, Infinity);
      const byDate = await activityPage(ctx, scope, input, 1);
      expect(byDevice.length).toBeGreaterThan(0);
      expect(byDate).toEqual(byDevice);
    });

  it('paging every entry with the id cursor reads each once both ways, and each door as much as its view allows', async () => {
    const scope = await activityScope(ctx);
    const all = async (from: number) => {
      const seen: Array<{ id: number; deviceId: number; username: string; userId: number }> = [];
      let cursor: Pick<ActivityPageInput, 'lastElemDate' | 'lastElemId'> = {};
      for (let guard = 0; guard < 100; guard++) {
        const page = await activityPage(ctx, scope, { elements: 37, ...cursor }, from);
        if (!page.length) break;
        seen.push(...page);
        const last = page[page.length - 1];
        cursor = { lastElemDate: new Date(`${last.date}Z`), lastElemId: last.id };
      }
      return seen;
    };
    const [byDevice, byDate] = [await all(Infinity), await all(1)];
    expect(byDate).toEqual(byDevice);
    expect(new Set(byDate.map((e) => e.id)).size).toBe(byDate.length);
    // full view: all 120 entries of the plain and the group's door; the others: the viewer's own and the authorless
    const count = (id: number) => byDate.filter((e) => e.deviceId === id).length;
    expect(count(lock.plain)).toBe(120);
    expect(count(lock.byGroup)).toBe(120);
    // without the full view, the viewer's own entries, and those without an author since their access began
    expect(count(lock.otherSite)).toBe(40);
    expect(count(lock.guest)).toBe(80);
    const authorless = (id: number) => byDate.filter((e) => e.deviceId === id && e.userId === 0).map((e) => e.username);
    expect(new Set(authorless(lock.guest))).toEqual(new Set(['']));
    expect(new Set(authorless(lock.plain))).toEqual(new Set(['Spare PIN']));
    expect(byDate.some((e) => e.deviceId === lock.plain && e.userId === other.numId)).toBe(true);
    expect(byDate.some((e) => e.deviceId === lock.otherSite && e.userId === other.numId)).toBe(false);
  });

  it('GET /my/deviceactivity across devices answers as before', async () => {
    const r = await api('GET', '/api/v37/my/deviceactivity?elements=10', { key: viewer.key });
    expect(r.status).toBe(200);
    expect(r.json.result).toEqual(await activityPage(ctx, await activityScope(ctx), { elements: 10 }, Infinity));
  });
});
