import { createHash } from 'node:crypto';
import { pendingUser } from '@/lib/auth/second-factor';
import { signInOptions } from '@/lib/auth/webauthn';
import type { BaseCtx } from '../context';
import { Invalid } from '../errors';
import { hitRateLimit } from '../signup/limit';

/** Sign-in challenges one client address may ask for per minute (each is a row for 5 minutes). */
export const PASSKEY_OPTIONS_PER_MINUTE = 30;

/**
 * POST /account/passkey/options (public): a challenge to sign in with a passkey. Without a token,
 * any passkey of this site may answer (usernameless); with the token of a pending sign-in (the
 * password was right), only that user's passkeys, as the second step. Nothing here says whether
 * an account or passkey exists.
 */
export async function passkeySignInOptions(ctx: BaseCtx, input: { pendingToken?: string }, address: string) {
  const now = ctx.now();
  const key = `passkey-ip:${createHash('sha256').update(address).digest('base64url').slice(0, 22)}`;
  await hitRateLimit(
    ctx.db,
    key,
    PASSKEY_OPTIONS_PER_MINUTE,
    60,
    now,
    'Too many passkey sign-in attempts from your network. Try again in a minute.',
  );
  let userId: string | null = null;
  if (input.pendingToken) {
    userId = await pendingUser(ctx.db, input.pendingToken, now);
    if (!userId) throw Invalid('pendingToken: this sign-in has expired. Enter your e-mail and password again.');
  }
  return signInOptions(ctx.db, userId, now);
}
