import { route } from '@/lib/http/route';
import { servicePublicKey } from '@/lib/domain/certificates/keys';

// GET /api/v37/service/publickey: the Ed25519 key that signs certificates and revoked lists (public)
export const GET = route({ scopes: 'public' }, (ctx) => servicePublicKey(ctx.db));
