import { eq } from 'drizzle-orm';
import { personalAccessKeys } from '@/db/schema';
import { isScope } from '@/lib/auth/scopes';
import type { Ctx } from '../context';
import { Conflict } from '../errors';
import { callerKeyValidTo, ownKey } from './own';
import { checkName, checkScopes, checkValidTo, requireHeld } from './rules';
import { toAccessKey, type AccessKey } from './shape';
import { requireRecentSignIn } from './security';

export interface UpdateKeyInput {
  name?: string;
  scopes?: readonly string[];
  validTo?: Date | null;
  days?: number | null;
}

/**
 * Renames a key, changes its scopes or its expiry; only fields sent change. A key may only
 * change keys whose scopes it holds itself, and only to scopes it holds (no escalation).
 */
export async function updateKey(ctx: Ctx, id: string, input: UpdateKeyInput): Promise<AccessKey> {
  const now = ctx.now();
  const row = await ownKey(ctx, id);
  if (row.revokedAt) throw Conflict('This key is revoked; revoked keys cannot be changed. Create a new key.');
  requireHeld(ctx.caller, row.scopes.filter(isScope), 'change a key');
  const set: Partial<typeof personalAccessKeys.$inferInsert> = {};
  if (input.name !== undefined) set.name = checkName(input.name);
  if (input.scopes !== undefined) {
    const scopes = checkScopes(input.scopes);
    requireHeld(ctx.caller, scopes, 'give a key');
    set.scopes = scopes;
  }
  if (input.validTo || input.days) set.validTo = checkValidTo(input, now, await callerKeyValidTo(ctx));
  // extending a key, or giving it scopes it had not, is making a key: the same fresh sign-in (issue 29)
  const widens =
    (set.validTo !== undefined && set.validTo > row.validTo) ||
    (set.scopes !== undefined && set.scopes.some((s) => !row.scopes.includes(s)));
  if (widens) requireRecentSignIn(ctx);
  if (!Object.keys(set).length) return toAccessKey(row, now);
  const [updated] = await ctx.db
    .update(personalAccessKeys)
    .set(set)
    .where(eq(personalAccessKeys.id, row.id))
    .returning();
  return toAccessKey(updated, now);
}
