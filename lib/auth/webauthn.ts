import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { passkeys, users, webauthnChallenges } from '@/db/schema';
import { publicUrl } from '@/lib/config/env';
import type { SignedInUser } from './credentials';

/**
 * Passkeys (WebAuthn, @simplewebauthn/server). The relying party is the configured public URL
 * (NEXTAUTH_URL): its host name is the RP id and its origin the only origin accepted, whatever a
 * request says about itself. Every ceremony's challenge is a database row (several server
 * processes), valid 5 minutes and taken by the one answer that uses it.
 */

export const CHALLENGE_MS = 5 * 60_000;
export const RP_NAME = 'Smart-lock cloud';

export function relyingParty(): { rpID: string; origin: string } {
  const u = publicUrl();
  return { rpID: u.hostname, origin: u.origin };
}

type Purpose = 'register' | 'signin';

async function saveChallenge(
  db: Db,
  purpose: Purpose,
  userId: string | null,
  challenge: string,
  now: Date,
): Promise<string> {
  const [row] = await db
    .insert(webauthnChallenges)
    .values({ purpose, userId, challenge, expiresAt: new Date(now.getTime() + CHALLENGE_MS) })
    .returning({ id: webauthnChallenges.id });
  if (Math.random() < 0.05) await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  return row.id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Takes a live challenge of this purpose (deleted: single use), or null. */
async function takeChallenge(
  db: Db,
  id: string,
  purpose: Purpose,
  now: Date,
): Promise<{ challenge: string; userId: string | null } | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge, userId: webauthnChallenges.userId });
  return row ?? null;
}

/** Options for registering a passkey of a signed-in user (its existing passkeys excluded). */
export async function registrationOptions(
  db: Db,
  user: { userId: string; email: string; displayName: string },
  now: Date,
): Promise<{ challengeId: string; options: PublicKeyCredentialCreationOptionsJSON }> {
  const mine = await db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.userId));
  const { rpID } = relyingParty();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userDisplayName: user.displayName,
    userID: new TextEncoder().encode(user.userId),
    attestationType: 'none',
    excludeCredentials: mine.map((c) => ({ id: c.id, transports: c.transports })),
    // a discoverable credential with user verification: it signs in without a password (passkey sign-in)
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: CHALLENGE_MS,
  });
  return { challengeId: await saveChallenge(db, 'register', user.userId, options.challenge, now), options };
}

export interface NewPasskey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  backedUp: boolean;
}

/** The authenticator's answer to a registration challenge of this user, verified; null when it is not right. */
export async function verifyRegistration(
  db: Db,
  userId: string,
  challengeId: string,
  response: RegistrationResponseJSON,
  now: Date,
): Promise<NewPasskey | null> {
  const ch = await takeChallenge(db, challengeId, 'register', now);
  if (!ch || ch.userId !== userId) return null;
  const { rpID, origin } = relyingParty();
  const r = await verifyRegistrationResponse({
    response,
    expectedChallenge: ch.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!r?.verified) return null;
  const c = r.registrationInfo.credential;
  return {
    credentialId: c.id,
    publicKey: Buffer.from(c.publicKey).toString('base64url'),
    counter: c.counter,
    transports: c.transports ?? [],
    backedUp: r.registrationInfo.credentialBackedUp,
  };
}

/**
 * Options for signing in with a passkey: any discoverable passkey of this site (usernameless), or
 * only the passkeys of `userId` (the second step after a password).
 */
export async function signInOptions(
  db: Db,
  userId: string | null,
  now: Date,
): Promise<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  const allow = userId
    ? await db
        .select({ id: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
    : [];
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().rpID,
    allowCredentials: allow.map((c) => ({ id: c.id, transports: c.transports as never })),
    userVerification: 'required',
    timeout: CHALLENGE_MS,
  });
  return { challengeId: await saveChallenge(db, 'signin', userId, options.challenge, now), options };
}

/**
 * A passkey sign-in: the assertion answers a live sign-in challenge, comes from a registered
 * passkey (of the challenge's user when it named one), is signed by its key with user
 * verification, and its counter moved on (a cloned authenticator is refused). -> the user, or null.
 */
export async function verifyPasskeySignIn(
  db: Db,
  challengeId: string,
  response: AuthenticationResponseJSON,
  now: Date,
): Promise<SignedInUser | null> {
  const ch = await takeChallenge(db, challengeId, 'signin', now);
  if (!ch || typeof response?.id !== 'string' || response.id.length > 1024) return null;
  const [pk] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id)).limit(1);
  if (!pk || (ch.userId && pk.userId !== ch.userId)) return null;
  const { rpID, origin } = relyingParty();
  const r = await verifyAuthenticationResponse({
    response,
    expectedChallenge: ch.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: pk.credentialId,
      publicKey: new Uint8Array(Buffer.from(pk.publicKey, 'base64url')),
      counter: pk.counter,
      transports: pk.transports as never,
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!r?.verified) return null;
  const moved = await db
    .update(passkeys)
    .set({ counter: r.authenticationInfo.newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, pk.id), eq(passkeys.counter, pk.counter)))
    .returning({ id: passkeys.id });
  if (!moved.length) return null;
  const [u] = await db.select().from(users).where(eq(users.id, pk.userId)).limit(1);
  return u ? { id: u.id, email: u.email, name: u.displayName, numId: u.numId } : null;
}
