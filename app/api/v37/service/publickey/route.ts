import { route } from '@/lib/http/route';
import { servicePublicKey } from '@/lib/domain/certificates/keys';
import { ServicePublicKey } from '@/lib/domain/devices/schemas';

// GET /api/v37/service/publickey: the Ed25519 key that signs certificates and revoked lists (public)
export const GET = route(
  {
    summary: 'The Ed25519 key that signs certificates and revoked lists (public)',
    responses: { 200: ServicePublicKey },
    scopes: 'public',
  },
  (ctx) => servicePublicKey(ctx.db),
);
