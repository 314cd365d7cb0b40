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
  return rows.map((r): AccessRecord => {
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
  });
}
