import { z } from 'zod';
import { copyAccess } from '@/lib/domain/access/copy';
import { reply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { accessParams } from '../../schema';
import { res } from '@/lib/http/responses';
import { CopyResult } from '@/lib/domain/access/schemas';

const body = z.object({
  principals: z
    .array(
      z.object({
        principalType: z.union([z.literal(0), z.literal(1)], { error: 'must be 0 (user) or 1 (user group)' }),
        userEmail: z.string({ error: 'must be an e-mail address' }).max(320).nullable().optional(),
        principalId: z.uuid({ error: 'must be the id (UUID) of a user group' }).nullable().optional(),
      }),
      { error: 'principals must be a list' },
    )
    .min(1, 'give at least one principal')
    .max(50, 'at most 50 principals at once'),
});

// POST /api/v37/my/device/{deviceId}/access/{accessId}/copy-to: the same access for other users or groups -> flat 201 {principals} (Tedee's copy permissions)
export const POST = route(
  {
    summary: "The same access for other users or groups -> flat 201 {principals} (Tedee's copy permissions)",
    responses: { 201: res.flat(CopyResult) },
    scopes: ['DeviceShare.ReadWrite'],
    params: accessParams,
    body,
  },
  async (ctx, { params, body }) =>
    reply.flat(201, await copyAccess(ctx, params.deviceId, params.accessId, body.principals)),
);
