import type { NextRequest } from 'next/server';
import { clientAddress } from '@/lib/http/client-address';
import { runProvider } from '@/lib/oauth/bridge';
import { oauthProvider } from '@/lib/oauth/provider';
import { APP_SCOPES } from '@/lib/oauth/scopes';

export const dynamic = 'force-dynamic';

// GET /.well-known/oauth-authorization-server: the authorization server's metadata (RFC 8414), with
// the scopes an app may ask for (the library lists only its OpenID ones there).
export async function GET(req: NextRequest): Promise<Response> {
  const res = await runProvider(oauthProvider().callback(), req, clientAddress(req.headers));
  if (res.status !== 200) return res;
  const metadata = { ...(await res.json()), scopes_supported: [...APP_SCOPES] };
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(metadata), { status: 200, headers });
}

export const OPTIONS = (req: NextRequest) => runProvider(oauthProvider().callback(), req, clientAddress(req.headers));
