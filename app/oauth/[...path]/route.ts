import type { NextRequest } from 'next/server';
import { clientAddress } from '@/lib/http/client-address';
import { runProvider } from '@/lib/oauth/bridge';
import { oauthProvider } from '@/lib/oauth/provider';

export const dynamic = 'force-dynamic';

// /oauth/authorize, /oauth/token, /oauth/revoke, /oauth/introspect, /oauth/jwks: the OAuth 2.1
// authorization server (lib/oauth/provider.ts), its answers exactly as the library gives them.
const handle = (req: NextRequest) => runProvider(oauthProvider().callback(), req, clientAddress(req.headers));

export const GET = handle;
export const POST = handle;
export const OPTIONS = handle;
