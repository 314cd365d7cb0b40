import { z } from 'zod';
import { route } from '@/lib/http/route';
import { mobileRef } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { deleteMobile, getMobile } from '@/lib/domain/certificates/mobiles';
import { res } from '@/lib/http/responses';
import { Mobile } from '@/lib/domain/certificates/schemas';

const params = z.object({ id: mobileRef() });

// GET /api/v37/my/mobile/{id}: one phone of the caller (Tedee's registered mobile) -> 200; 404 for anyone else's
export const GET = route(
  {
    summary: "One phone of the caller (Tedee's registered mobile) -> 200; 404 for anyone else's",
    responses: { 200: Mobile },
    scopes: ['DeviceCertificate.Operate', 'Mobile.Read', 'Mobile.ReadWrite'],
    params,
  },
  (ctx, { params }) => getMobile(ctx, params.id),
);

// DELETE /api/v37/my/mobile/{id}: forget a phone; its certificates are revoked -> 204
export const DELETE = route(
  {
    summary: 'Forget a phone; its certificates are revoked -> 204',
    responses: { 204: res.empty },
    scopes: ['DeviceCertificate.Operate', 'Mobile.ReadWrite'],
    params,
  },
  async (ctx, { params }) => {
    await deleteMobile(ctx, params.id);
    return reply.noContent();
  },
);
