import { generateKeyPairSync } from 'node:crypto';
import { encode } from 'next-auth/jwt';
import { personalAccessKeys, userTotp } from '@/db/schema';
import { issueEmailToken } from '@/lib/auth/email-tokens';
import { newKeyMaterial } from '@/lib/auth/keys';
import { encryptSecret } from '@/lib/crypto/secrets';
import { startSession } from '@/lib/auth/sessions';
import { config } from '@/lib/config';
import { SCOPES, type Scope } from '@/lib/auth/scopes';
import { api } from '../router';
import { createUser, db, type TestUser } from './core';

/** A personal access key row for a user, with its id and its one-time value. */
export async function createKeyFor(
  userId: string,
  opts: { scopes?: Scope[]; validTo?: Date; revokedAt?: Date | null; name?: string } = {},
): Promise<{ id: string; key: string; prefix: string }> {
  const d = await db();
  const m = newKeyMaterial();
  const [row] = await d
    .insert(personalAccessKeys)
    .values({
      userId,
      name: opts.name ?? 'test key',
      prefix: m.prefix,
      secretHash: m.secretHash,
      scopes: opts.scopes ?? [...SCOPES],
      validTo: opts.validTo ?? new Date(Date.now() + 86_400_000),
      revokedAt: opts.revokedAt ?? null,
    })
    .returning({ id: personalAccessKeys.id });
  return { id: row.id, key: m.key, prefix: m.prefix };
}

/**
 * The portal's session cookie for a user, made the way a sign-in makes it: a session row (signed in
 * `signedInAgo` ms ago) and next-auth's token naming it (maxAge in seconds).
 */
export async function sessionCookie(
  user: { id: string; email: string; displayName: string; numId: number },
  maxAge = 3600,
  signedInAgo = 0,
): Promise<string> {
  const sid = await startSession(await db(), user.id, new Date(Date.now() - signedInAgo));
  return `next-auth.session-token=${await sessionToken(user, sid, maxAge)}`;
}

/** next-auth's token for a session id (which may not exist: a forged one). */
export function sessionToken(
  user: { id: string; email: string; displayName: string; numId: number },
  sid: string,
  maxAge = 3600,
  secret = config().NEXTAUTH_SECRET ?? '',
): Promise<string> {
  return encode({
    token: { sub: user.id, email: user.email, name: user.displayName, numId: user.numId, sid },
    secret,
    maxAge,
  });
}

/** Headers of a signed-in portal request from the app's own origin (the router's base URL). */
export async function sessionHeaders(user: Parameters<typeof sessionCookie>[0]): Promise<Record<string, string>> {
  return { cookie: await sessionCookie(user), origin: 'http://localhost:3000' };
}

/** A phone's Ed25519 public key as the mobile endpoints take it (base64 of the raw 32 bytes). */
export const phoneKey = () =>
  Buffer.from(generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x as string, 'base64url').toString(
    'base64',
  );

/** Registers a phone for the user through the API; its id. */
export async function registerPhone(user: { key: string }, name = 'Phone'): Promise<string> {
  const res = await api('POST', '/api/v37/my/mobile', { key: user.key, body: { name, publicKey: phoneKey() } });
  if (res.status !== 201) throw new Error(`could not register a phone: ${res.status} ${res.text}`);
  return res.json.result.id as string;
}

/** A token as a sign-up or reset mail carries it, for a fresh account not yet confirmed. */
export async function mailedToken(purpose: 'verify' | 'reset') {
  const u = await createUser({ unverified: true });
  return (await issueEmailToken(await db(), { purpose, email: u.email, userId: u.id, now: new Date() })).token;
}

/** A confirmed authenticator app, as if set up through Settings > Security. */
export async function giveFactor(u: TestUser) {
  await (await db()).insert(userTotp).values({
    userId: u.id,
    secretCiphertext: encryptSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'user_totp', u.id),
    confirmedAt: new Date(),
  });
}
