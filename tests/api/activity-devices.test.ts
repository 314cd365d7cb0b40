import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AccessLevel, devices } from '@/db/schema';
import { activityDevices, activityPlaces } from '@/lib/domain/access/portal';
import { effectiveAccess } from '@/lib/domain/access/effective';
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
} from '../support/factories/core';

const DAY = 86_400_000;

/**
 * The Activity page names the devices it is asked about (the chosen one, the first page's) by the
 * visibility rule in SQL, and reads the sites and zones of every device without the devices
 * (issue 34): exactly the devices the caller's access lets them see, no more (an ended, a not yet
 * started or someone else's access) and no fewer (a group's, one on a weekly schedule).
 */
describe("the Activity page's devices", () => {
  it('are those of the asked ids the caller has an access to now, their own or a group’s, by name; places are theirs only', async () => {
    const org = await createOrg();
    const me = await createUser();
    const other = await createUser();
    const mine = await addOrgUser(org.id, me.id);
    const group = await createGroup(org.id, undefined, [mine]);
    const lock = (name: string) => createLock({ name, organizationId: org.id, bridge: null });
    const [own, viaGroup, hours, ended, later, theirs] = await Promise.all(
      ['B own', 'A through a group', 'C on a schedule', 'D ended', 'E not yet', 'F theirs'].map(lock),
    );
    const now = Date.now();
    await grantUser(own.id, me.id, AccessLevel.guest);
    await grantGroup(viaGroup.id, group.id, AccessLevel.guest);
    // a weekly schedule (not every day): seen whatever the day and hour (its activity is theirs to read)
    await grantUser(hours.id, me.id, AccessLevel.guest, { weekDays: 0b0011111 });
    await grantUser(ended.id, me.id, AccessLevel.guest, { endDate: new Date(now - DAY) });
    await grantUser(later.id, me.id, AccessLevel.guest, { startDate: new Date(now + DAY) });
    await grantUser(theirs.id, other.id, AccessLevel.owner);

    const ctx = await ctxOf(me);
    const all = [own, viaGroup, hours, ended, later, theirs].map((d) => d.id);
    const seen = await activityDevices(ctx, all);
    expect(seen.map((d) => d.name)).toEqual(['A through a group', 'B own', 'C on a schedule']);
    expect(seen[0]).toEqual({
      id: viaGroup.id,
      name: 'A through a group',
      type: viaGroup.type,
      timeZone: viaGroup.timeZone,
      organizationId: org.id,
      siteId: null,
    });
    // the same devices the access rule gives the caller
    const access = await effectiveAccess(await db(), me.id, new Date());
    expect(new Set(seen.map((d) => d.id))).toEqual(new Set(access.keys()));
    expect(await activityDevices(await ctxOf(await createUser()), all)).toEqual([]);
    expect(await activityDevices(ctx, [])).toEqual([]);
    expect((await activityDevices(ctx, [own.id, theirs.id])).map((d) => d.name)).toEqual(['B own']);
    // every visible device is of no site in the lock's zone: one place; someone else's device, an
    // ended and a future access add none
    const d = await db();
    for (const [x, zone] of [
      [theirs, 'America/New_York'],
      [ended, 'Asia/Tokyo'],
      [later, 'Australia/Sydney'],
    ] as const)
      await d.update(devices).set({ timeZone: zone }).where(eq(devices.id, x.id));
    expect(await activityPlaces(ctx)).toEqual([{ siteId: null, timeZone: own.timeZone }]);
    expect(await activityPlaces(await ctxOf(await createUser()))).toEqual([]);
  });
});
