import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { config } from '@/lib/config';
import { getDb } from '@/db/client';
import { isHttps } from '@/lib/config/env';
import { MIN_SECRET_BYTES } from '@/lib/crypto/config';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/client-address';
import { errorSummary } from '@/lib/log';
import { authorizeCredentials } from './credentials';
import { safeRedirectUrl } from './safe-redirect';
import { SecondFactorNeeded, secondFactorRequired, startPendingSignIn } from './second-factor';
import { secondStepProviders } from './second-step';
import { endSession, sessionCaller, sessionMaxAge, startSession } from './sessions';

/** NEXTAUTH_SECRET, checked at start (lib/server/start.ts); there is no built-in fallback. */
export function authSecret(): string {
  const s = config().NEXTAUTH_SECRET;
  if (!s || Buffer.byteLength(s) < MIN_SECRET_BYTES)
    throw new Error(`NEXTAUTH_SECRET is not set or shorter than ${MIN_SECRET_BYTES} bytes`);
  return s;
}

/**
 * The session cookie's name. Under https (the public URL, NEXTAUTH_URL) it is `Secure` and
 * `__Host-` prefixed: only this exact origin over https may set or read it.
 */
export const sessionCookieName = () => (isHttps() ? '__Host-next-auth.session-token' : 'next-auth.session-token');

function addressOf(req: { headers?: unknown } | undefined): string {
  const h = req?.headers as Headers | Record<string, string | undefined> | undefined;
  if (!h) return 'unknown';
  const v =
    typeof (h as Headers).get === 'function'
      ? (h as Headers).get(CLIENT_ADDRESS_HEADER)
      : (h as Record<string, string | undefined>)[CLIENT_ADDRESS_HEADER];
  return v || 'unknown';
}

/** next-auth's options, read from the environment when asked (the secret and the cookie follow it). */
export function authOptions(): NextAuthOptions {
  const secure = isHttps();
  return {
    secret: authSecret(),
    session: { strategy: 'jwt', maxAge: sessionMaxAge() },
    jwt: { maxAge: sessionMaxAge() },
    pages: { signIn: '/sign-in' },
    useSecureCookies: secure,
    cookies: secure
      ? {
          sessionToken: {
            name: sessionCookieName(),
            options: { httpOnly: true, sameSite: 'lax', path: '/', secure: true },
          },
        }
      : undefined,
    logger: {
      // An expired, ended or foreign session cookie is an everyday event (the user signs in again).
      // Nothing but a code and a message is logged: metadata may hold tokens or what was typed.
      error(code, metadata) {
        const everyday = code === 'JWT_SESSION_ERROR';
        const line = JSON.stringify({
          level: everyday ? 'warn' : 'error',
          at: 'next-auth',
          code,
          ...errorSummary(
            metadata instanceof Error ? metadata : ((metadata as { error?: unknown })?.error ?? metadata),
          ),
        });
        if (everyday) console.warn(line);
        else console.error(line);
      },
      warn(code) {
        console.warn(JSON.stringify({ level: 'warn', at: 'next-auth', code }));
      },
      debug() {},
    },
    providers: [
      CredentialsProvider({
        name: 'E-mail and password',
        credentials: {
          email: { label: 'E-mail', type: 'email' },
          password: { label: 'Password', type: 'password' },
        },
        async authorize(credentials, req) {
          const db = await getDb();
          const user = await authorizeCredentials(db, {
            email: credentials?.email,
            password: credentials?.password,
            address: addressOf(req),
          });
          // a second factor: no session for the password alone (lib/auth/second-factor.ts)
          if (user && (await secondFactorRequired(db, user.id)))
            throw new SecondFactorNeeded(await startPendingSignIn(db, user, credentials!.email));
          return user;
        },
      }),
      ...secondStepProviders(addressOf),
    ],
    callbacks: {
      async jwt({ token, user }) {
        const db = await getDb();
        if (user) {
          // a sign-in: a session of its own, which the cookie names
          token.sub = user.id;
          token.numId = (user as { numId?: number }).numId;
          token.sid = await startSession(db, user.id);
          return token;
        }
        // the session endpoint renews the cookie only for a session that still counts
        if (!(await sessionCaller(db, token.sid, new Date()))) throw new Error('the session has ended');
        return token;
      },
      async session({ session, token }) {
        if (session.user) {
          (session.user as { id?: string }).id = token.sub;
          (session.user as { numId?: number }).numId = token.numId as number | undefined;
        }
        return session;
      },
      async redirect({ url, baseUrl }) {
        return safeRedirectUrl(url, baseUrl);
      },
    },
    events: {
      async signOut({ token }) {
        await endSession(await getDb(), token?.sid);
      },
    },
  };
}
