import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, eq } from 'drizzle-orm';
import { passkeys } from '@/db/schema';
import { registrationOptions, verifyRegistration } from '@/lib/auth/webauthn';
import type { Ctx } from '../context';
import { Conflict, Invalid, NotFound } from '../errors';
import { invisibleName, showsSomething } from '@/lib/shared/text';
import { requirePassword, requireRecentSignIn } from './security';
import { auditFactor, endPasswordOnlySessions, hasSecondFactor } from './second-factors';

/** A user keeps at most this many passkeys. */
export const MAX_PASSKEYS = 20;

/** POST /my/account/passkey/options: a registration challenge for a new passkey of the caller. */
export async function passkeyRegistrationOptions(ctx: Ctx) {
  requireRecentSignIn(ctx);
  return registrationOptions(ctx.db, ctx.caller, ctx.now());
}

/**
 * POST /my/account/passkey: the authenticator's answer to that challenge; the passkey is kept
 * (its public key only) and from now on is a second factor and a way to sign in.
 */
export async function addPasskey(ctx: Ctx, input: { challengeId: string; name: string; response: unknown }) {
  requireRecentSignIn(ctx);
  const name = input.name.trim();
  if (!name) throw Invalid('name: give the passkey a name, such as "Work laptop".');
  if (!showsSomething(name)) throw Invalid(invisibleName('name'));
  const had = await hasSecondFactor(ctx);
  const mine = await ctx.db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, ctx.caller.userId));
  if (mine.length >= MAX_PASSKEYS)
    throw Conflict(`You have ${MAX_PASSKEYS} passkeys, the most there may be. Remove one first.`);
  const pk = await verifyRegistration(
    ctx.db,
    ctx.caller.userId,
    input.challengeId,
    input.response as RegistrationResponseJSON,
    ctx.now(),
  );
  if (!pk)
    throw Invalid(
      'response: the passkey could not be verified (the request expired, was used already, or came from another site). Try again.',
    );
  const [row] = await ctx.db
    .insert(passkeys)
    .values({ userId: ctx.caller.userId, name, created: ctx.now(), ...pk })
    .onConflictDoNothing()
    .returning({ id: passkeys.id, name: passkeys.name, created: passkeys.created, backedUp: passkeys.backedUp });
  if (!row) throw Conflict('This passkey is already registered.');
  await endPasswordOnlySessions(ctx, had);
  await auditFactor(ctx, 'factor.add', { kind: 'passkey', name: row.name });
  return { id: row.id, name: row.name, created: row.created.toISOString(), lastUsed: null, backedUp: row.backedUp };
}

/** DELETE /my/account/passkey/{id}: the password again, then the passkey no longer signs in. */
export async function removePasskey(ctx: Ctx, input: { id: string; password: string }, address: string): Promise<void> {
  const [pk] = await ctx.db
    .select({ id: passkeys.id, name: passkeys.name })
    .from(passkeys)
    .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, ctx.caller.userId)))
    .limit(1);
  if (!pk) throw NotFound('Passkey');
  await requirePassword(ctx, input.password, address, 'password');
  await ctx.db.delete(passkeys).where(eq(passkeys.id, pk.id));
  await auditFactor(ctx, 'factor.remove', { kind: 'passkey', name: pk.name });
}
