import { z } from 'zod';
import { nameField } from '@/lib/shared/text';
import { route } from '@/lib/http/route';
import { reply } from '@/lib/http/reply';
import { listMobiles, registerMobile } from '@/lib/domain/certificates/mobiles';
import { Mobile } from '@/lib/domain/certificates/schemas';

const body = z.object({
  name: nameField(),
  publicKey: z.string().min(1, 'must not be empty').max(2000),
  /** Tedee's OperatingSystem: 0 iOS, 1 Android, 3 other */
  operatingSystem: z
    .union([z.literal(0), z.literal(1), z.literal(3)], { error: 'must be 0 (iOS), 1 (Android) or 3 (other)' })
    .optional(),
});

// POST /api/v37/my/mobile: register a phone's public key (ECDSA P-256 as Tedee documents, or Ed25519)
// -> 201 {id (UUID), userIdentity, name, operatingSystem, publicKey, created}
export const POST = route(
  {
    summary:
      "Register a phone's public key (ECDSA P-256 or Ed25519) -> 201 {id (UUID), userIdentity, name, operatingSystem, publicKey, created}",
    responses: { 201: Mobile },
    scopes: ['DeviceCertificate.Operate', 'Mobile.ReadWrite'],
    body,
  },
  async (ctx, { body }) => reply.created(await registerMobile(ctx, body)),
);

// GET /api/v37/my/mobile: the caller's phones
export const GET = route(
  {
    summary: "The caller's phones",
    responses: { 200: z.array(Mobile) },
    scopes: ['DeviceCertificate.Operate', 'Mobile.Read', 'Mobile.ReadWrite'],
  },
  (ctx) => listMobiles(ctx),
);
