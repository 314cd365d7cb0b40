import { and, eq, isNull } from 'drizzle-orm';
import { personalAccessKeys } from '@/db/schema';
import { revokeCertificates } from '../certificates/revoke';
import type { Ctx } from '../context';
import { audit } from '../audit';
import { ownKey } from './own';

/**
 * Revokes one of the caller's keys for good: the next call with it gets 401. Revoking an already
 * revoked key changes nothing (the first revocation time stays). Any key with Account.ReadWrite
 * may revoke: taking power away is never an escalation. Offline certificates obtained with the
 * key are revoked with it.
 */
export async function revokeKey(ctx: Ctx, id: string): Promise<void> {
  const row = await ownKey(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(personalAccessKeys)
      .set({ revokedAt: ctx.now() })
      .where(and(eq(personalAccessKeys.id, row.id), isNull(personalAccessKeys.revokedAt)));
    // offline certificates obtained with the key go with it
    await revokeCertificates(tx, { keyId: row.id }, ctx.now());
    if (!row.revokedAt)
      await audit(tx, ctx, {
        action: 'key.revoke',
        organizationId: null,
        target: { type: 'key', id: row.id, name: row.name },
      });
  });
}
