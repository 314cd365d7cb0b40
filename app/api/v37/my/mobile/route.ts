import { z } from 'zod';
import { route } from '@/lib/http/route';
import { reply } from '@/lib/http/reply';
import { listMobiles, registerMobile } from '@/lib/domain/certificates/mobiles';

const body = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
  publicKey: z.string().min(1, 'must not be empty').max(2000),
});

// POST /api/v37/my/mobile: register a phone's Ed25519 public key -> 201 {id, name, publicKey, created}
export const POST = route({ scopes: ['DeviceCertificate.Operate'], body }, async (ctx, { body }) => reply.created(await registerMobile(ctx, body)));

// GET /api/v37/my/mobile: the caller's phones
export const GET = route({ scopes: ['DeviceCertificate.Operate'] }, (ctx) => listMobiles(ctx));
