import { eq, inArray, sql } from 'drizzle-orm';
import { AccessLevel, deviceAccess, userGroupMembers } from '@/db/schema';
import { issueEmailToken } from '@/lib/auth/email-tokens';
import {
  addOrgUser,
  createBridge,
  createGroup,
  createLock,
  createOrg,
  createUser,
  db,
  grantGroup,
  grantUser,
} from './core';

/**
 * The five roles of the sharing rules around one lock of an organization: owner, administrator
 * and guest (direct accesses), member (a guest through a group of the organization), outsider.
 */
export async function sharingCast(opts: { memberLevel?: number } = {}) {
  const [owner, admin, guest, member, outsider] = await Promise.all([
    createUser(),
    createUser(),
    createUser(),
    createUser(),
    createUser(),
  ]);
  const org = await createOrg();
  const bridge = await createBridge({ organizationId: org.id });
  const lock = await createLock({ bridge, organizationId: org.id, timeZone: 'Europe/Warsaw' });
  await grantUser(lock.id, owner.id, AccessLevel.owner);
  await grantUser(lock.id, admin.id, AccessLevel.administrator);
  await grantUser(lock.id, guest.id, AccessLevel.guest);
  await addOrgUser(org.id, owner.id, 2);
  await addOrgUser(org.id, admin.id, 1);
  const memberOrgUserId = await addOrgUser(org.id, member.id, 0);
  const group = await createGroup(org.id, undefined, [memberOrgUserId]);
  const groupAccess = await grantGroup(lock.id, group.id, opts.memberLevel ?? AccessLevel.guest);
  return { owner, admin, guest, member, outsider, org, bridge, lock, group, groupAccess, memberOrgUserId };
}

/**
 * Every access to the device, and the memberships of the groups holding one, given at `at`: a
 * guest reads the log's entries without an author only from when their access began.
 */
export async function accessGivenAt(deviceId: number, at: Date) {
  const d = await db();
  const rows = await d
    .update(deviceAccess)
    .set({ created: at })
    .where(eq(deviceAccess.deviceId, deviceId))
    .returning({ groupId: deviceAccess.groupId });
  const groups = rows.map((r) => r.groupId).filter((g): g is string => !!g);
  if (groups.length)
    await d.update(userGroupMembers).set({ created: at }).where(inArray(userGroupMembers.groupId, groups));
}

/**
 * Bulk-inserts `count` activity entries for a device in one statement, one per second going
 * back from `newest`, every tenth pair only 1 ms apart (dates stay unique per device).
 * Authors rotate through `authors` (null = no author).
 */
export async function bulkActivity(
  deviceId: number,
  count: number,
  newest: Date,
  authors: ({ id: string; numId: number; displayName: string } | null)[] = [null],
) {
  const d = await db();
  const rows = Array.from({ length: count }, (_, i) => {
    const ms = newest.getTime() - Math.floor(i / 2) * 1000 - (i % 2) * (i % 20 === 1 ? 1 : 500);
    const a = authors[i % authors.length];
    return { i, date: new Date(ms), a };
  });
  for (let off = 0; off < rows.length; off += 2000) {
    const chunk = rows.slice(off, off + 2000);
    const values = sql.join(
      chunk.map(
        (r) =>
          sql`(${deviceId}, ${r.a?.id ?? null}::uuid, ${r.a?.numId ?? 0}, ${r.a?.displayName ?? ''}, ${r.i % 2 ? 33 : 32}, 1, ${r.date.toISOString().replace('T', ' ').replace('Z', '')}::timestamp(3))`,
      ),
      sql`, `,
    );
    await d.execute(
      sql`insert into device_activity (device_id, user_id, user_num_id, username, event, source, date) values ${values}`,
    );
  }
  return rows.map((r) => r.date);
}

/**
 * An invitation to `email` waiting on the device (a pending guest access that expires in a day),
 * and the token its mail carries.
 */
export async function invitationTo(deviceId: number, email: string) {
  const d = await db();
  const [a] = await d
    .insert(deviceAccess)
    .values({
      deviceId,
      principalType: 0,
      pendingEmail: email.toLowerCase(),
      accessLevel: 0,
      pendingExpiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: deviceAccess.id });
  return {
    accessId: a.id,
    token: (await issueEmailToken(d, { purpose: 'device-invite', email, ref: a.id, now: new Date() })).token,
  };
}
