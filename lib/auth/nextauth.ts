import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { getDb } from '@/db/client';
import { authorizeCredentials } from './credentials';

/** Session lifetime in seconds (SESSION_MAX_AGE, default 8 hours). */
export const sessionMaxAge = () => Number(process.env.SESSION_MAX_AGE ?? 8 * 3600);

export function authSecret(): string {
  const s = process.env.NEXTAUTH_SECRET;
  if (s) return s;
  const building = process.env.NEXT_PHASE === 'phase-production-build';
  if (process.env.NODE_ENV === 'production' && process.env.ALLOW_DEV_SECRET !== '1' && !building) {
    throw new Error('NEXTAUTH_SECRET is not set');
  }
  return 'dev-only-nextauth-secret-change-me';
}

export const authOptions: NextAuthOptions = {
  secret: authSecret(),
  session: { strategy: 'jwt', maxAge: sessionMaxAge() },
  jwt: { maxAge: sessionMaxAge() },
  pages: { signIn: '/sign-in' },
  logger: {
    // An expired or foreign session cookie is an everyday event (the user signs in again), not a server error.
    error(code, metadata) {
      if (code === 'JWT_SESSION_ERROR') {
        const m = metadata instanceof Error ? metadata.message : (metadata as { message?: string }).message;
        console.warn(`[next-auth] session cookie refused: ${m ?? 'invalid'}`);
        return;
      }
      console.error(`[next-auth] ${code}`, metadata);
    },
  },
  providers: [
    CredentialsProvider({
      name: 'E-mail and password',
      credentials: {
        email: { label: 'E-mail', type: 'email' },
        password: { label: 'Password', type: 'password' },
      },
      async authorize(credentials) {
        return authorizeCredentials(await getDb(), credentials?.email, credentials?.password);
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user) {
        token.sub = user.id;
        token.numId = (user as { numId?: number }).numId;
      }
      return token;
    },
    async session({ session, token }) {
      if (session.user) {
        (session.user as { id?: string }).id = token.sub;
        (session.user as { numId?: number }).numId = token.numId as number | undefined;
      }
      return session;
    },
  },
};
