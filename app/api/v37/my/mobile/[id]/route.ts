import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { deleteMobile } from '@/lib/domain/certificates/mobiles';

// DELETE /api/v37/my/mobile/{id}: forget a phone; its certificates are revoked -> 204
export const DELETE = route({ scopes: ['DeviceCertificate.Operate'], params: z.object({ id: pathId() }) }, async (ctx, { params }) => {
  await deleteMobile(ctx, params.id);
  return reply.noContent();
});
