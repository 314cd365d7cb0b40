import type { NextRequest } from 'next/server';
import { withEdge } from '@/lib/http/edge';
import { logoOf } from '@/lib/oauth/consent';

export const dynamic = 'force-dynamic';

// GET /oauth/logo/{clientId}: the logo an app's developer uploaded (shown on the consent page and in
// Settings), served from our own origin as the image it was checked to be, never as anything else.
export const GET = withEdge(async (_req: NextRequest, rc: { params: Promise<Record<string, string | string[]>> }) => {
  const { clientId } = await rc.params;
  const logo = await logoOf(String(clientId));
  if (!logo) return new Response(null, { status: 404 });
  return new Response(new Uint8Array(logo.bytes), {
    headers: {
      'content-type': logo.type,
      'content-security-policy': "default-src 'none'",
      'cache-control': 'private, max-age=300',
    },
  });
});
