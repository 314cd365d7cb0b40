import { and, eq, or, sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client';
import { jsonValue } from '@/db/json-row';
import { deviceAccess, organizationUsers, userGroups, users } from '@/db/schema';
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

/** An instant as the API writes schedule fields: ISO with milliseconds and Z (format.ts fmtZ). */
const isoZ = (col: Column) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One record exactly as the API shows it, built in SQL from the access row and its principal:
 * the one definition of the record, for the filtered list and for the one-statement list.
 */
const recordJson = sql<AccessRecord>`json_build_object(
  'id', ${deviceAccess.id}, 'deviceId', ${deviceAccess.deviceId}, 'accessLevel', ${deviceAccess.accessLevel},
  'principalType', ${deviceAccess.principalType},
  'principalId', coalesce(${deviceAccess.userId}, ${deviceAccess.groupId}, ${deviceAccess.id}),
  'principalName', case when ${deviceAccess.principalType} = 1 then coalesce(${userGroups.name}, '') else coalesce(${users.displayName}, ${deviceAccess.pendingEmail}, '') end,
  'userEmail', case when ${deviceAccess.principalType} = 1 then null else coalesce(${users.email}, ${deviceAccess.pendingEmail}) end,
  'organizationUserId', case when ${deviceAccess.principalType} = 1 then 0 else coalesce(${orgUser.id}, 0) end,
  'isPending', ${deviceAccess.pendingEmail} is not null,
  'remoteAccessDisabled', ${deviceAccess.remoteAccessDisabled},
  'startDate', ${isoZ(deviceAccess.startDate)}, 'endDate', ${isoZ(deviceAccess.endDate)},
  'dayStartTime', ${isoZ(deviceAccess.dayStartTime)}, 'dayEndTime', ${isoZ(deviceAccess.dayEndTime)},
  'weekDays', ${deviceAccess.weekDays})`;

/** The records of a device (`deviceId` and its `organizationId` may be outer columns), `where` narrowing. */
function recordsSelect(db: Db, deviceId: SQL | number, organizationId: SQL | number, where?: SQL) {
  return db
    .select({ record: recordJson.as('record'), level: deviceAccess.accessLevel, created: deviceAccess.created, id: deviceAccess.id })
    .from(deviceAccess)
    .leftJoin(users, eq(users.id, deviceAccess.userId))
    .leftJoin(userGroups, eq(userGroups.id, deviceAccess.groupId))
    .leftJoin(orgUser, and(eq(orgUser.userId, deviceAccess.userId), eq(orgUser.organizationId, organizationId)))
    .where(and(eq(deviceAccess.deviceId, deviceId), where))
    .$dynamic();
}

/** the owner first, then administrators, then guests; stable by creation */
const ORDER = (t: { level: unknown; created: unknown; id: unknown }) => sql`${t.level} desc, ${t.created}, ${t.id}`;

/** Access records of one device; `where` narrows further. */
export async function accessRecords(db: Db, deviceId: number, organizationId: number | null, f: AccessFilters = {}, where?: SQL): Promise<AccessRecord[]> {
  const principalId = sql<string>`coalesce(${deviceAccess.userId}, ${deviceAccess.groupId}, ${deviceAccess.id})`;
  const rows = await recordsSelect(
    db,
    deviceId,
    organizationId ?? -1,
    and(
      where,
      f.principalId ? sql`${principalId} = ${f.principalId}::uuid` : undefined,
      f.principalType !== undefined ? eq(deviceAccess.principalType, f.principalType) : undefined,
      f.text
        ? or(containsText(users.email, f.text), containsText(users.displayName, f.text), containsText(userGroups.name, f.text), containsText(deviceAccess.pendingEmail, f.text))
        : undefined,
    ),
  ).orderBy(ORDER({ level: deviceAccess.accessLevel, created: deviceAccess.created, id: deviceAccess.id }));
  return rows.map((r) => jsonValue<AccessRecord>(r.record));
}

/**
 * The records of the outer statement's `"devices"."id"` that `visible` lets through, as the text
 * of one json array in the list's order: answered as it is, never parsed and serialized again.
 */
export function recordsJsonText(db: Db, visible: SQL) {
  const s = recordsSelect(db, sql`"devices"."id"`, sql`coalesce("devices"."organization_id", -1)`, visible).as('s');
  return sql<string>`(select coalesce(json_agg(${s.record} order by ${ORDER(s)}), '[]'::json)::text from ${s})`;
}
