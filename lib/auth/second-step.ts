import CredentialsProvider from 'next-auth/providers/credentials';
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { users } from '@/db/schema';
import { authenticationResponse } from '@/lib/http/webauthn';
import { completeSecondFactor, dropPendingSignIn } from './second-factor';
import { verifyPasskeySignIn } from './webauthn';

/**
 * next-auth's providers for the ways of signing in besides e-mail and password
 * (docs/security.md, "Second factors"), kept apart from the password step:
 * - `second-factor`: the pending sign-in's token and a TOTP or recovery code;
 * - `passkey`: a WebAuthn assertion for a sign-in challenge (usernameless, or bound to a pending
 *   sign-in); a passkey with user verification is both factors at once.
 */
export function secondStepProviders(addressOf: (req: { headers?: unknown } | undefined) => string) {
  return [
    CredentialsProvider({
      id: 'second-factor',
      name: 'Second factor',
      credentials: { pendingToken: { label: 'Pending sign-in', type: 'text' }, code: { label: 'Code', type: 'text' } },
      async authorize(credentials, req) {
        return completeSecondFactor(await getDb(), {
          token: credentials?.pendingToken,
          code: credentials?.code,
          address: addressOf(req),
        });
      },
    }),
    CredentialsProvider({
      id: 'passkey',
      name: 'Passkey',
      credentials: {
        challengeId: { label: 'Challenge', type: 'text' },
        response: { label: 'Answer', type: 'text' },
        pendingToken: { label: 'Pending sign-in', type: 'text' },
      },
      async authorize(credentials) {
        const raw = credentials?.response;
        if (!raw || raw.length > 32_768 || !credentials?.challengeId || credentials.challengeId.length > 64)
          return null;
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          return null;
        }
        const answer = authenticationResponse.safeParse(parsed);
        if (!answer.success) return null;
        const db = await getDb();
        const user = await verifyPasskeySignIn(db, credentials.challengeId, answer.data as never, new Date());
        // as for passwords: an address not (or no longer) proven signs in nowhere
        if (user && !(await db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, user.id)))[0]?.at)
          return null;
        if (user && credentials.pendingToken) await dropPendingSignIn(db, credentials.pendingToken);
        return user;
      },
    }),
  ];
}
