import { and, eq } from 'drizzle-orm';
import { deviceAccess, organizationUsers, userGroupMembers } from '@/db/schema';
import type { Ctx } from '../context';
import { Invalid, NotFound } from '../errors';
import { revokeCertificatesOfLeavers } from './certs';
import { Level } from './effective';
import { requireManager } from './grant';
import { checkGrantLevel, checkSchedule, type ScheduleInput } from './rules';

export interface UpdateInput extends ScheduleInput {
  accessLevel?: number;
  remoteAccessDisabled?: boolean;
}

async function findAccess(ctx: Ctx, deviceId: number, accessId: string) {
  const [a] = await ctx.db
    .select()
    .from(deviceAccess)
    .where(and(eq(deviceAccess.id, accessId), eq(deviceAccess.deviceId, deviceId)))
    .limit(1);
  if (!a) throw NotFound('Access');
  return a;
}

/**
 * PUT /my/device/{deviceId}/access/{accessId}: change level, remote access or schedule. Fields
 * left out keep their value; a schedule field sent as null removes that restriction.
 */
export async function updateAccess(ctx: Ctx, deviceId: number, accessId: string, input: UpdateInput): Promise<void> {
  const me = await requireManager(ctx, deviceId, 'change who has access');
  const a = await findAccess(ctx, deviceId, accessId);
  if (a.accessLevel === Level.owner) throw Invalid("The owner's access cannot be changed.");
  if (a.userId === ctx.caller.userId) throw Invalid('You cannot change your own access; ask the owner or another administrator.');
  if (input.accessLevel !== undefined) checkGrantLevel(input.accessLevel, me);
  const schedule = checkSchedule(input, a);
  await ctx.db
    .update(deviceAccess)
    .set({ ...schedule, accessLevel: input.accessLevel ?? a.accessLevel, remoteAccessDisabled: input.remoteAccessDisabled ?? a.remoteAccessDisabled })
    .where(eq(deviceAccess.id, a.id));
}

/**
 * DELETE /my/device/{deviceId}/access/{accessId}. The owner's access stays. Whoever loses all
 * access to the device with it (the user, or members of the group) also loses their device
 * certificates, in the same transaction, so a phone cannot keep opening the door offline.
 */
export async function revokeAccess(ctx: Ctx, deviceId: number, accessId: string): Promise<void> {
  await requireManager(ctx, deviceId, 'revoke access');
  const a = await findAccess(ctx, deviceId, accessId);
  if (a.accessLevel === Level.owner) throw Invalid("The owner's access cannot be revoked.");
  await ctx.db.transaction(async (tx) => {
    const affected = a.userId
      ? [a.userId]
      : a.groupId
        ? (
            await tx
              .select({ userId: organizationUsers.userId })
              .from(userGroupMembers)
              .innerJoin(organizationUsers, eq(organizationUsers.id, userGroupMembers.organizationUserId))
              .where(eq(userGroupMembers.groupId, a.groupId))
          ).map((r) => r.userId)
        : [];
    await tx.delete(deviceAccess).where(eq(deviceAccess.id, a.id));
    await revokeCertificatesOfLeavers(tx, deviceId, affected, ctx.now());
  });
}
