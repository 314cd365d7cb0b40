import { personalAccessKeys } from '@/db/schema';
import { isUniqueViolation } from '@/db/errors';
import { newKeyMaterial } from '@/lib/auth/keys';
import type { Ctx } from '../context';
import { audit } from '../audit';
import { callerKeyValidTo } from './own';
import { checkName, checkScopes, checkValidTo, requireHeld } from './rules';
import { requireRecentSignIn } from './security';

export interface CreateKeyInput {
  name: string;
  scopes: readonly string[];
  validTo?: Date | null;
  days?: number | null;
}

/**
 * A new personal access key for the caller. The key itself is returned once and never again:
 * only a SHA-256 of its secret part is stored. Used by the API, the portal and scripts/apikey.ts.
 * From a portal session it needs a recent sign-in (a stolen cookie alone mints no key).
 */
export async function createKey(ctx: Ctx, input: CreateKeyInput): Promise<{ id: string; key: string }> {
  const now = ctx.now();
  requireRecentSignIn(ctx);
  const name = checkName(input.name);
  const scopes = checkScopes(input.scopes);
  requireHeld(ctx.caller, scopes, 'create a key');
  const validTo = checkValidTo(input, now, await callerKeyValidTo(ctx));
  // The 32-bit public prefix is unique; on the rare collision, draw again.
  for (let attempt = 1; ; attempt++) {
    const m = newKeyMaterial();
    try {
      const row = await ctx.db.transaction(async (tx) => {
        const [r] = await tx
          .insert(personalAccessKeys)
          .values({
            userId: ctx.caller.userId,
            name,
            prefix: m.prefix,
            secretHash: m.secretHash,
            scopes,
            validTo,
            created: now,
          })
          .returning({ id: personalAccessKeys.id });
        await audit(tx, ctx, {
          action: 'key.create',
          organizationId: null,
          target: { type: 'key', id: r.id, name },
          after: { name, scopes, validTo: validTo.toISOString() },
        });
        return r;
      });
      return { id: row.id, key: m.key };
    } catch (e) {
      if (attempt >= 3 || !isUniqueViolation(e)) throw e;
    }
  }
}
