import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/nextauth';
import { withEdge } from '@/lib/http/edge';

// next-auth: sign-in with e-mail and password, sign-out, session; bodies bounded like every API route.
const handler = withEdge((req, rc) => NextAuth(authOptions())(req, rc));
export { handler as GET, handler as POST };
