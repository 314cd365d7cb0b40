import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client';
import {
  deviceAccess,
  notificationDevicePrefs,
  notificationSettings,
  organizationUsers,
  userGroupMembers,
  users,
} from '@/db/schema';
import { effectiveAccess } from '../access/effective';
import { may } from '@/lib/shared/policy';
import type { NotificationKind } from '@/lib/shared/notifications/kinds';
import { anyInt } from '@/db/arrays';

export interface Recipient {
  userId: string;
  email: string;
  displayName: string;
  digest: boolean;
}

/**
 * Who is told about `kind` on a device at `now`: the people who may manage it right now
 * (lib/shared/policy `manageDevice` on their effective access: owners and administrators inside
 * their schedule), with a proven address, whose preferences leave the kind on for the device (a
 * per-device choice wins; otherwise on unless the person turned the kind off).
 */
export async function recipientsOf(tx: Db, deviceId: number, kind: NotificationKind, now: Date): Promise<Recipient[]> {
  return (await recipientsOfMany(tx, [deviceId], kind, now)).get(deviceId) ?? [];
}

/**
 * `recipientsOf` for several devices at once (the locks behind a bridge): one read of the people and
 * their choices per device, then one access read per person for all their devices.
 */
export async function recipientsOfMany(
  tx: Db,
  deviceIds: number[],
  kind: NotificationKind,
  now: Date,
): Promise<Map<number, Recipient[]>> {
  const out = new Map<number, Recipient[]>();
  if (!deviceIds.length) return out;
  const viaGroups = tx
    .select({ userId: organizationUsers.userId, deviceId: deviceAccess.deviceId })
    .from(userGroupMembers)
    .innerJoin(organizationUsers, eq(organizationUsers.id, userGroupMembers.organizationUserId))
    .innerJoin(deviceAccess, eq(deviceAccess.groupId, userGroupMembers.groupId))
    .where(anyInt(deviceAccess.deviceId, deviceIds));
  const direct = tx
    .select({ userId: sql<string>`${deviceAccess.userId}`.as('user_id'), deviceId: deviceAccess.deviceId })
    .from(deviceAccess)
    .where(and(anyInt(deviceAccess.deviceId, deviceIds), isNotNull(deviceAccess.userId)));
  const pairs = union(direct, viaGroups).as('pairs');
  const rows = await tx
    .select({
      deviceId: pairs.deviceId,
      userId: users.id,
      email: users.email,
      displayName: users.displayName,
      digest: notificationSettings.digest,
      offKinds: notificationSettings.offKinds,
      override: notificationDevicePrefs.enabled,
    })
    .from(pairs)
    .innerJoin(users, eq(users.id, pairs.userId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .leftJoin(
      notificationDevicePrefs,
      and(
        eq(notificationDevicePrefs.userId, users.id),
        eq(notificationDevicePrefs.deviceId, pairs.deviceId),
        eq(notificationDevicePrefs.kind, kind),
      ),
    )
    .where(isNotNull(users.emailVerifiedAt));
  const byPerson = new Map<string, typeof rows>();
  for (const r of rows) {
    const on = r.override ?? !(r.offKinds ?? []).includes(kind);
    if (on) byPerson.set(r.userId, [...(byPerson.get(r.userId) ?? []), r]);
  }
  for (const [userId, theirs] of byPerson) {
    const access = await effectiveAccess(
      tx,
      userId,
      now,
      theirs.map((r) => r.deviceId),
    );
    for (const r of theirs) {
      if (!may('manageDevice', access.get(r.deviceId), now)) continue;
      const list = out.get(r.deviceId) ?? [];
      list.push({ userId, email: r.email, displayName: r.displayName, digest: r.digest ?? false });
      out.set(r.deviceId, list);
    }
  }
  for (const list of out.values()) list.sort((a, b) => a.email.localeCompare(b.email));
  return out;
}
