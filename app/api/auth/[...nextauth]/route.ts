import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/nextauth';
import { refuseMalformedAuthRequest } from '@/lib/http/auth-request';
import { withEdge } from '@/lib/http/edge';

// next-auth: sign-in with e-mail and password, sign-out, session; bodies bounded like every API
// route, and requests next-auth would answer with 500 refused first (lib/http/auth-request.ts).
const handler = withEdge(
  async (req, rc) => (await refuseMalformedAuthRequest(req)) ?? NextAuth(authOptions())(req, rc),
);
export { handler as GET, handler as POST };
