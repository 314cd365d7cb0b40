import { PGlite } from '@electric-sql/pglite';
import { inArray, like, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, rowsOf, type Db } from '@/db/client';
import * as schema from '@/db/schema';
import {
  accessLinkDevices,
  accessLinks,
  deviceAccess,
  devices,
  lockPins,
  organizationUsers,
  userGroupMembers,
} from '@/db/schema';
import { seedDemo } from '@/db/seed';
import { isActiveAt, type Schedule } from '@/lib/shared/schedule';

/**
 * Issue 33: the demo's activity must not contradict its own schedules (a PIN for Mon-Fri
 * 06:00-10:00 "opened" at 20:31 tells an evaluator schedules are not enforced). Every seeded entry
 * is walked and checked, in its door's time zone, against the access, PIN or link that made it.
 */
describe('demo activity obeys the schedules that made it', () => {
  let client: PGlite;
  let d: Db;
  const now = new Date('2026-11-26T12:00:00Z');

  beforeAll(async () => {
    client = new PGlite(); // its own database: a full year of activity, as the demo has it
    d = drizzle(client, { schema }) as unknown as Db;
    await migrate(d as never, { migrationsFolder });
    await seedDemo(d, { now });
  }, 180_000);
  afterAll(() => client.close());

  it('every entry by a person, a PIN or a link falls inside that access, PIN or link', async () => {
    const devs = await d.select().from(devices).where(like(devices.serialNumber, 'DEMO-%'));
    const zone = new Map(devs.map((x) => [x.id, x.timeZone]));
    const ids = devs.map((x) => x.id);
    const access = await d.select().from(deviceAccess).where(inArray(deviceAccess.deviceId, ids));
    const members = await d
      .select({ groupId: userGroupMembers.groupId, userId: organizationUsers.userId })
      .from(userGroupMembers)
      .innerJoin(organizationUsers, sql`${organizationUsers.id} = ${userGroupMembers.organizationUserId}`);
    const pins = await d.select().from(lockPins).where(inArray(lockPins.deviceId, ids));
    const links = await d.select().from(accessLinks);
    const linkDevices = await d.select().from(accessLinkDevices);
    // the accesses of a user at a device: their own and their groups'
    const accessOf = (deviceId: number, userId: string) =>
      access.filter(
        (a) =>
          a.deviceId === deviceId &&
          (a.userId === userId || members.some((m) => m.groupId === a.groupId && m.userId === userId)),
      );

    const entries = rowsOf<{
      device_id: number;
      user_id: string | null;
      username: string;
      event: number;
      source: number;
      at: number;
      access_link_id: string | null;
    }>(
      await d.execute(sql`select device_id, user_id::text, username, event, source,
        (extract(epoch from date) * 1000)::float8 as at, access_link_id::text
        from device_activity where device_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`),
    );
    expect(entries).toHaveLength(50_000);

    const bad: string[] = [];
    const checked = { person: 0, scheduledPerson: 0, pin: 0, scheduledPin: 0, outsidePin: 0, link: 0 };
    const scheduled = (s: Schedule) => s.startDate || s.endDate || s.dayStartTime || s.dayEndTime || s.weekDays;
    for (const e of entries) {
      const at = new Date(Number(e.at));
      const tz = zone.get(e.device_id)!;
      const where = `${e.event} at device ${e.device_id} on ${at.toISOString()} (${tz})`;
      if (e.user_id) {
        const mine = accessOf(e.device_id, e.user_id);
        const ok = mine.filter((a) => isActiveAt(a, at, tz) && (e.source === 0 || !a.remoteAccessDisabled));
        if (!ok.length) bad.push(`${e.username}: ${where}`);
        checked.person++;
        if (mine.every((a) => scheduled(a))) checked.scheduledPerson++;
      } else if (e.access_link_id) {
        const link = links.find((l) => l.id === e.access_link_id);
        const opens = linkDevices.some((x) => x.accessLinkId === e.access_link_id && x.deviceId === e.device_id);
        if (!link || !opens || !isActiveAt(link, at, tz)) bad.push(`link ${e.username}: ${where}`);
        checked.link++;
      } else if (e.username) {
        // a PIN, named by its alias at the door; "used outside its allowed time" (75) must be outside it
        const pin = pins.find((p) => p.deviceId === e.device_id && p.alias === e.username);
        const active = !!pin && isActiveAt(pin, at, tz);
        if (!pin || (e.event === 75 ? active : !active)) bad.push(`PIN ${e.username}: ${where}`);
        checked.pin++;
        if (pin && scheduled(pin)) checked.scheduledPin++;
        if (e.event === 75) checked.outsidePin++;
      } else if ([61, 75, 33, 32, 51].includes(e.event)) {
        bad.push(`no author: ${where}`);
      }
    }
    expect(bad.slice(0, 10), `${bad.length} entries outside their schedules`).toEqual([]);
    // the walk saw every kind of author, the restricted ones included
    for (const [kind, n] of Object.entries(checked)) expect(n, kind).toBeGreaterThan(0);
  });
});
