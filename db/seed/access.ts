import { DateTime } from 'luxon';
import type { Db } from '../client';
import { and, eq, isNotNull } from 'drizzle-orm';
import { sendDeviceInvitation } from '../../lib/domain/access/invite';
import { AccessLevel, PrincipalType, deviceAccess, emailTokens } from '../schema';
import { DEMO_HISTORY_DAYS, type DemoIds } from './types';

const ZONE = 'Europe/Warsaw';
const D = 24 * 3600_000;

/** A time of day as the API stores it: a full instant whose wall-clock time in the door's zone counts. */
const at = (hour: number, minute = 0) =>
  DateTime.fromObject({ year: 2024, month: 1, day: 8, hour, minute }, { zone: ZONE }).toJSDate();
const MON_FRI = 1 | 2 | 4 | 8 | 16;
const MON_SAT = MON_FRI | 32;

type Row = typeof deviceAccess.$inferInsert;

/**
 * Who may use what. Owner: level 2 on every device. Administrator: several devices directly and
 * through the Maintenance group. Guest: a plain access, a time-restricted one, and one without
 * remote opening. Member: only through the Cleaning staff group. A pending invite by e-mail.
 * Existing rows are left alone (the partial unique indexes reject duplicates).
 */
export async function seedAccess(db: Db, ids: Omit<DemoIds, 'accessLinks'>, now: Date): Promise<void> {
  const u = (email: string) => ids.users[email].id;
  const dev = ids.devices;
  const owner = u('owner@demo.test');
  // given before the demo's year of activity: each person's log reaches back over it
  const since = new Date(now.getTime() - DEMO_HISTORY_DAYS * D);
  const user = (device: string, email: string, level: number, over: Partial<Row> = {}): Row => ({
    deviceId: dev[device],
    principalType: PrincipalType.user,
    userId: u(email),
    accessLevel: level,
    createdBy: owner,
    created: since,
    ...over,
  });
  const group = (device: string, name: string, level: number, over: Partial<Row> = {}): Row => ({
    deviceId: dev[device],
    principalType: PrincipalType.group,
    groupId: ids.groups[name],
    accessLevel: level,
    createdBy: owner,
    created: since,
    ...over,
  });

  const rows: Row[] = [
    ...Object.keys(dev).map((name) => user(name, 'owner@demo.test', AccessLevel.owner, { createdBy: null })),
    ...['Front door', 'Back door', 'Office', 'Storage room', 'Main gate', 'Parking barrier'].map((n) =>
      user(n, 'admin@demo.test', AccessLevel.administrator),
    ),
    user('Front door', 'guest@demo.test', AccessLevel.guest, { remoteAccessDisabled: false }),
    user('Office', 'guest@demo.test', AccessLevel.guest, {
      weekDays: MON_FRI,
      dayStartTime: at(8),
      dayEndTime: at(17),
    }),
    user('Storage room', 'guest@demo.test', AccessLevel.guest, { remoteAccessDisabled: true }),
    user('Main gate', 'guest@demo.test', AccessLevel.guest, {
      startDate: new Date(now.getTime() - 30 * D),
      endDate: new Date(now.getTime() + 90 * D),
    }),
    group('Back door', 'Cleaning staff', AccessLevel.guest, {
      weekDays: MON_SAT,
      dayStartTime: at(6),
      dayEndTime: at(10),
    }),
    group('Storage room', 'Cleaning staff', AccessLevel.guest),
    group('Main gate', 'Cleaning staff', AccessLevel.guest, {
      weekDays: MON_SAT,
      dayStartTime: at(5, 30),
      dayEndTime: at(10, 30),
    }),
    group('Garage side door', 'Maintenance', AccessLevel.administrator),
    group('Guest apartment 2B', 'Maintenance', AccessLevel.guest),
    group('Old service gate', 'Maintenance', AccessLevel.guest),
    // Invited before having an account: the invitation mail (in the demo's mailbox) makes it theirs
    // once newcomer@demo.test signs up, confirms the address and follows the mail's link.
    {
      deviceId: dev['Front door'],
      principalType: PrincipalType.user,
      userId: null,
      pendingEmail: 'newcomer@demo.test',
      accessLevel: AccessLevel.guest,
      createdBy: owner,
      startDate: now,
      endDate: new Date(now.getTime() + 14 * D),
    },
  ];
  await db.insert(deviceAccess).values(rows).onConflictDoNothing();
  await inviteNewcomer(db, dev['Front door'], now);
}

/** The newcomer's invitation mail, once (a seed run again finds its token and sends nothing). */
async function inviteNewcomer(db: Db, deviceId: number, now: Date): Promise<void> {
  const [pending] = await db
    .select({ id: deviceAccess.id, email: deviceAccess.pendingEmail })
    .from(deviceAccess)
    .where(
      and(
        eq(deviceAccess.deviceId, deviceId),
        isNotNull(deviceAccess.pendingEmail),
        eq(deviceAccess.pendingEmail, 'newcomer@demo.test'),
      ),
    )
    .limit(1);
  if (!pending) return;
  const [sent] = await db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(and(eq(emailTokens.purpose, 'device-invite'), eq(emailTokens.ref, pending.id)))
    .limit(1);
  if (!sent) await sendDeviceInvitation(db, { accessIds: [pending.id], email: pending.email! }, 'Olivia Owner', now);
}
