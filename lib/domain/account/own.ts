import { and, desc, eq } from 'drizzle-orm';
import { personalAccessKeys } from '@/db/schema';
import type { Ctx } from '../context';
import { NotFound } from '../errors';

/** One of the caller's own keys; another user's key answers 404, like one that does not exist. */
export async function ownKey(ctx: Ctx, id: string) {
  const [row] = await ctx.db
    .select()
    .from(personalAccessKeys)
    .where(and(eq(personalAccessKeys.id, id), eq(personalAccessKeys.userId, ctx.caller.userId)))
    .limit(1);
  if (!row) throw NotFound('Access key');
  return row;
}

/** Until when the calling key is valid (undefined for a session): a key cannot outlive the key that made it. */
export async function callerKeyValidTo(ctx: Ctx): Promise<Date | undefined> {
  if (ctx.caller.via !== 'key' || !ctx.caller.keyId) return undefined;
  const [row] = await ctx.db
    .select({ validTo: personalAccessKeys.validTo })
    .from(personalAccessKeys)
    .where(eq(personalAccessKeys.id, ctx.caller.keyId))
    .limit(1);
  return row?.validTo;
}

export async function keysOf(ctx: Ctx) {
  return ctx.db
    .select()
    .from(personalAccessKeys)
    .where(eq(personalAccessKeys.userId, ctx.caller.userId))
    .orderBy(desc(personalAccessKeys.created), desc(personalAccessKeys.id));
}
