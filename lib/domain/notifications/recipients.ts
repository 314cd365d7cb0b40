import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
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
import { may } from '../policy';
import type { NotificationKind } from './kinds';

export interface Recipient {
  userId: string;
  email: string;
  displayName: string;
  digest: boolean;
}

/**
 * Who is told about `kind` on a device at `now`: the people who may manage it right now
 * (lib/domain/policy `manageDevice` on their effective access: owners and administrators inside
 * their schedule), with a proven address, whose preferences leave the kind on for the device (a
 * per-device choice wins; otherwise on unless the person turned the kind off).
 */
export async function recipientsOf(tx: Db, deviceId: number, kind: NotificationKind, now: Date): Promise<Recipient[]> {
  const viaGroups = tx
    .select({ id: organizationUsers.userId })
    .from(userGroupMembers)
    .innerJoin(organizationUsers, eq(organizationUsers.id, userGroupMembers.organizationUserId))
    .innerJoin(deviceAccess, eq(deviceAccess.groupId, userGroupMembers.groupId))
    .where(eq(deviceAccess.deviceId, deviceId));
  const direct = tx
    .select({ id: deviceAccess.userId })
    .from(deviceAccess)
    .where(and(eq(deviceAccess.deviceId, deviceId), isNotNull(deviceAccess.userId)));
  const people = await tx
    .select({
      userId: users.id,
      email: users.email,
      displayName: users.displayName,
      digest: notificationSettings.digest,
      offKinds: notificationSettings.offKinds,
      override: notificationDevicePrefs.enabled,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .leftJoin(
      notificationDevicePrefs,
      and(
        eq(notificationDevicePrefs.userId, users.id),
        eq(notificationDevicePrefs.deviceId, deviceId),
        eq(notificationDevicePrefs.kind, kind),
      ),
    )
    .where(and(isNotNull(users.emailVerifiedAt), or(inArray(users.id, direct), inArray(users.id, viaGroups))));
  const out: Recipient[] = [];
  for (const p of people) {
    const on = p.override ?? !(p.offKinds ?? []).includes(kind);
    if (!on) continue;
    const access = (await effectiveAccess(tx, p.userId, now, [deviceId])).get(deviceId);
    if (!may('manageDevice', access, now)) continue;
    out.push({ userId: p.userId, email: p.email, displayName: p.displayName, digest: p.digest ?? false });
  }
  return out.sort((a, b) => a.email.localeCompare(b.email));
}
