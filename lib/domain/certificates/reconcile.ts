import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { deviceAccess, deviceCertificates, organizationUsers, userGroupMembers } from '@/db/schema';
import { effectiveAccess } from '../access/effective';
import { certificateCovered } from '@/lib/shared/policy';
import { revokeCertificates } from './revoke';

/** A certificate lives 30 days at most (and never past what the policy allows: certificateUntil). */
export const CERT_LIFETIME_MS = 30 * 86_400_000;

/**
 * After a change that may shrink or end accesses (an access changed or revoked, members leaving a
 * group, a group deleted, a person leaving the organization), revokes every live certificate of
 * these users (on these devices, or on any) that their access no longer covers: the level it
 * asserts is above theirs now, or it outlives what the policy would issue now. Run it in the
 * transaction of the change; each device whose list changed gets a new list version.
 */
export async function reconcileCertificates(
  db: Db,
  f: { userIds: string[]; deviceIds?: number[] },
  now: Date,
): Promise<number> {
  const userIds = [...new Set(f.userIds)];
  if (!userIds.length || (f.deviceIds && !f.deviceIds.length)) return 0;
  const live = await db
    .select({
      id: deviceCertificates.id,
      userId: deviceCertificates.userId,
      deviceId: deviceCertificates.deviceId,
      accessLevel: deviceCertificates.accessLevel,
      expirationDate: deviceCertificates.expirationDate,
    })
    .from(deviceCertificates)
    .where(
      and(
        inArray(deviceCertificates.userId, userIds),
        f.deviceIds ? inArray(deviceCertificates.deviceId, f.deviceIds) : undefined,
        isNull(deviceCertificates.revokedAt),
        gt(deviceCertificates.expirationDate, now),
      ),
    );
  if (!live.length) return 0;
  const stale: number[] = [];
  for (const userId of new Set(live.map((c) => c.userId))) {
    const mine = live.filter((c) => c.userId === userId);
    const access = await effectiveAccess(db, userId, now, [...new Set(mine.map((c) => c.deviceId))]);
    for (const c of mine) if (!certificateCovered(c, access.get(c.deviceId), now, CERT_LIFETIME_MS)) stale.push(c.id);
  }
  return stale.length ? revokeCertificates(db, { ids: stale }, now) : 0;
}

/** The users who are in a group now (whose certificates a change of the group's access may affect). */
export async function groupMemberUserIds(db: Db, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: organizationUsers.userId })
    .from(userGroupMembers)
    .innerJoin(organizationUsers, eq(organizationUsers.id, userGroupMembers.organizationUserId))
    .where(eq(userGroupMembers.groupId, groupId));
  return rows.map((r) => r.userId);
}

/** Those who left the group lose the offline certificates of its devices that nothing else covers. */
export async function revokeWhatTheGroupGave(db: Db, groupId: string, organizationUserIds: number[], now: Date) {
  if (!organizationUserIds.length) return;
  const [people, granted] = await Promise.all([
    db
      .select({ userId: organizationUsers.userId })
      .from(organizationUsers)
      .where(inArray(organizationUsers.id, organizationUserIds)),
    db.select({ deviceId: deviceAccess.deviceId }).from(deviceAccess).where(eq(deviceAccess.groupId, groupId)),
  ]);
  await reconcileCertificates(
    db,
    { userIds: people.map((p) => p.userId), deviceIds: granted.map((g) => g.deviceId) },
    now,
  );
}
