import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client';
import { deviceAccess, organizationUsers, userGroups, users } from '@/db/schema';
import { fmtZ } from '../format';
import { containsText } from '../organizations/text';

/** A device access record exactly as api-v37.md names its fields. */
export interface AccessRecord {
  id: string;
  deviceId: number;
  accessLevel: number;
  principalType: number;
  /**
   * The user's or group's id. A pending invite has no user yet: its principalId is the access's
   * own id (stable, a valid UUID, never another principal's), and becomes the user's id on sign-up.
   */
  principalId: string;
  principalName: string;
  userEmail: string | null;
  organizationUserId: number;
  isPending: boolean;
  remoteAccessDisabled: boolean;
  startDate: string | null;
  endDate: string | null;
  dayStartTime: string | null;
  dayEndTime: string | null;
  weekDays: number | null;
}

export interface AccessFilters {
  principalId?: string;
  principalType?: number;
  text?: string;
}

const orgUser = alias(organizationUsers, 'org_user');

/** Access rows of one device with what the record shows of their principal; `where` narrows further. */
export async function accessRecords(db: Db, deviceId: number, organizationId: number | null, f: AccessFilters = {}, where?: SQL) {
  const principalId = sql<string>`coalesce(${deviceAccess.userId}, ${deviceAccess.groupId}, ${deviceAccess.id})`;
  const rows = await db
    .select({
      a: deviceAccess,
      email: users.email,
      displayName: users.displayName,
      groupName: userGroups.name,
      organizationUserId: orgUser.id,
    })
    .from(deviceAccess)
    .leftJoin(users, eq(users.id, deviceAccess.userId))
    .leftJoin(userGroups, eq(userGroups.id, deviceAccess.groupId))
    .leftJoin(orgUser, and(eq(orgUser.userId, deviceAccess.userId), eq(orgUser.organizationId, organizationId ?? -1)))
    .where(
      and(
        eq(deviceAccess.deviceId, deviceId),
        where,
        f.principalId ? sql`${principalId} = ${f.principalId}::uuid` : undefined,
        f.principalType !== undefined ? eq(deviceAccess.principalType, f.principalType) : undefined,
        f.text
          ? or(containsText(users.email, f.text), containsText(users.displayName, f.text), containsText(userGroups.name, f.text), containsText(deviceAccess.pendingEmail, f.text))
          : undefined,
      ),
    )
    // the owner first, then administrators, then guests; stable by creation
    .orderBy(desc(deviceAccess.accessLevel), asc(deviceAccess.created), asc(deviceAccess.id));
  return rows.map(toRecord);
}

/** An access row with what the record shows of its principal. */
interface RecordRow {
  a: Pick<typeof deviceAccess.$inferSelect, 'id' | 'deviceId' | 'accessLevel' | 'principalType' | 'userId' | 'groupId' | 'pendingEmail' | 'remoteAccessDisabled' | 'startDate' | 'endDate' | 'dayStartTime' | 'dayEndTime' | 'weekDays'>;
  email: string | null;
  displayName: string | null;
  groupName: string | null;
  organizationUserId: number | null;
}

function toRecord(r: RecordRow): AccessRecord {
  const a = r.a;
  const isGroup = a.principalType === 1;
  return {
    id: a.id,
    deviceId: a.deviceId,
    accessLevel: a.accessLevel,
    principalType: a.principalType,
    principalId: a.userId ?? a.groupId ?? a.id,
    principalName: isGroup ? (r.groupName ?? '') : (r.displayName ?? a.pendingEmail ?? ''),
    userEmail: isGroup ? null : (r.email ?? a.pendingEmail ?? null),
    organizationUserId: isGroup ? 0 : (r.organizationUserId ?? 0),
    isPending: a.pendingEmail !== null,
    remoteAccessDisabled: a.remoteAccessDisabled,
    startDate: fmtZ(a.startDate),
    endDate: fmtZ(a.endDate),
    dayStartTime: fmtZ(a.dayStartTime),
    dayEndTime: fmtZ(a.dayEndTime),
    weekDays: a.weekDays,
  };
}

/**
 * All records of the device (`"devices"."id"` of the outer statement) as one json array in the
 * list's order. One json value instead of a row per record: the driver and drizzle then map one
 * value, not a few thousand fields, which is most of the cost of a 200-record list.
 */
export const recordsJson = () => sql<unknown>`(
  select coalesce(json_agg(json_build_object(
    'id', da.id, 'deviceId', da.device_id, 'accessLevel', da.access_level, 'principalType', da.principal_type,
    'userId', da.user_id, 'groupId', da.group_id, 'pendingEmail', da.pending_email,
    'remoteAccessDisabled', da.remote_access_disabled, 'startDate', da.start_date, 'endDate', da.end_date,
    'dayStartTime', da.day_start_time, 'dayEndTime', da.day_end_time, 'weekDays', da.week_days,
    'email', u.email, 'displayName', u.display_name, 'groupName', g.name, 'organizationUserId', ou.id
  ) order by da.access_level desc, da.created, da.id), '[]'::json)
  from device_access da
  left join users u on u.id = da.user_id
  left join user_groups g on g.id = da.group_id
  left join organization_users ou on ou.user_id = da.user_id and ou.organization_id = "devices"."organization_id"
  where da.device_id = "devices"."id")`;

type JsonRecord = Omit<RecordRow['a'], 'startDate' | 'endDate' | 'dayStartTime' | 'dayEndTime'> &
  Omit<RecordRow, 'a'> & { startDate: string | null; endDate: string | null; dayStartTime: string | null; dayEndTime: string | null };

const when = (s: string | null) => (s === null ? null : new Date(s));

/** The records of `recordsJson` (PGlite hands json back as text, postgres.js parses it). */
export function recordsFromJson(value: unknown): Array<AccessRecord & { userId: string | null; groupId: string | null }> {
  const rows = (typeof value === 'string' ? JSON.parse(value) : value) as JsonRecord[];
  return rows.map((j) => ({
    ...toRecord({
      a: { ...j, startDate: when(j.startDate), endDate: when(j.endDate), dayStartTime: when(j.dayStartTime), dayEndTime: when(j.dayEndTime) },
      email: j.email,
      displayName: j.displayName,
      groupName: j.groupName,
      organizationUserId: j.organizationUserId,
    }),
    userId: j.userId,
    groupId: j.groupId,
  }));
}
