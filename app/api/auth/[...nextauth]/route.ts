import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/nextauth';

// next-auth: sign-in with e-mail and password, sign-out, session.
const handler = NextAuth(authOptions);
export { handler as GET, handler as POST };
