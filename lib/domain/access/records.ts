import { and, asc, desc, eq, or, sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client';
import { jsonArrayText } from '@/db/json-row';
import { deviceAccess, organizationUsers, userGroups, users } from '@/db/schema';
import { containsText } from '../organizations/text';
import type { AccessRecord } from './schemas';

/** A device access record exactly as api-v37.md names its fields. */
/**
 * A record as the API shows it (the schema in ./schemas.ts, which the OpenAPI document shows). A
 * pending invite has no user yet: its principalId is the access's own id (stable, a valid UUID,
 * never another principal's), and becomes the user's id on sign-up.
 */
export type { AccessRecord };

export interface AccessFilters {
  principalId?: string;
  principalType?: number;
  text?: string;
}

const orgUser = alias(organizationUsers, 'org_user');

/** An instant as the API writes schedule fields: ISO with milliseconds and Z (format.ts fmtZ). */
const isoZ = (col: Column) => sql<string | null>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One record exactly as the API shows it, built in SQL from the access row and its principal:
 * the one definition of the record, for the filtered list and for the one-statement list. The
 * column names are the API's field names (jsonArrayText writes them as they are).
 */
const recordColumns = {
  id: sql<string>`${deviceAccess.id}`.as('id'),
  deviceId: sql<number>`${deviceAccess.deviceId}`.as('deviceId'),
  accessLevel: sql<number>`${deviceAccess.accessLevel}`.as('accessLevel'),
  principalType: sql<number>`${deviceAccess.principalType}`.as('principalType'),
  principalId: sql<string>`coalesce(${deviceAccess.userId}, ${deviceAccess.groupId}, ${deviceAccess.id})`.as(
    'principalId',
  ),
  principalName:
    sql<string>`case when ${deviceAccess.principalType} = 1 then coalesce(${userGroups.name}, '') else coalesce(${users.displayName}, ${deviceAccess.pendingEmail}, '') end`.as(
      'principalName',
    ),
  userEmail: sql<
    string | null
  >`case when ${deviceAccess.principalType} = 1 then null else coalesce(${users.email}, ${deviceAccess.pendingEmail}) end`.as(
    'userEmail',
  ),
  organizationUserId:
    sql<number>`case when ${deviceAccess.principalType} = 1 then 0 else coalesce(${orgUser.id}, 0) end`.as(
      'organizationUserId',
    ),
  isPending: sql<boolean>`${deviceAccess.pendingEmail} is not null`.as('isPending'),
  remoteAccessDisabled: sql<boolean>`${deviceAccess.remoteAccessDisabled}`.as('remoteAccessDisabled'),
  startDate: isoZ(deviceAccess.startDate).as('startDate'),
  endDate: isoZ(deviceAccess.endDate).as('endDate'),
  dayStartTime: isoZ(deviceAccess.dayStartTime).as('dayStartTime'),
  dayEndTime: isoZ(deviceAccess.dayEndTime).as('dayEndTime'),
  weekDays: sql<number | null>`${deviceAccess.weekDays}`.as('weekDays'),
};

/**
 * The records of a device (`deviceId` and its `organizationId` may be outer columns), `where`
 * narrowing, in the list's order: the owner first, then administrators, then guests; stable by
 * creation.
 */
function recordsSelect(db: Db, deviceId: SQL | number, organizationId: SQL | number, where?: SQL) {
  return db
    .select(recordColumns)
    .from(deviceAccess)
    .leftJoin(users, eq(users.id, deviceAccess.userId))
    .leftJoin(userGroups, eq(userGroups.id, deviceAccess.groupId))
    .leftJoin(orgUser, and(eq(orgUser.userId, deviceAccess.userId), eq(orgUser.organizationId, organizationId)))
    .where(and(eq(deviceAccess.deviceId, deviceId), where))
    .orderBy(desc(deviceAccess.accessLevel), asc(deviceAccess.created), asc(deviceAccess.id));
}

/** Access records of one device; `where` narrows further. */
export async function accessRecords(
  db: Db,
  deviceId: number,
  organizationId: number | null,
  f: AccessFilters = {},
  where?: SQL,
): Promise<AccessRecord[]> {
  const principalId = sql<string>`coalesce(${deviceAccess.userId}, ${deviceAccess.groupId}, ${deviceAccess.id})`;
  return recordsSelect(
    db,
    deviceId,
    organizationId ?? -1,
    and(
      where,
      f.principalId ? sql`${principalId} = ${f.principalId}::uuid` : undefined,
      f.principalType !== undefined ? eq(deviceAccess.principalType, f.principalType) : undefined,
      f.text
        ? or(
            containsText(users.email, f.text),
            containsText(users.displayName, f.text),
            containsText(userGroups.name, f.text),
            containsText(deviceAccess.pendingEmail, f.text),
          )
        : undefined,
    ),
  );
}

/**
 * The records of the outer statement's `"devices"."id"` that `visible` lets through, as the text
 * of one json array in the list's order: answered as it is, never parsed and serialized again.
 */
export function recordsJsonText(db: Db, visible: SQL) {
  return jsonArrayText(
    sql`(${recordsSelect(db, sql`"devices"."id"`, sql`coalesce("devices"."organization_id", -1)`, visible)})`,
  );
}
