import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { deleteLink, getLink, updateLink } from '@/lib/domain/accesslinks/manage';
import { updateBody } from '../input';
import { res } from '@/lib/http/responses';
import { AccessLinkRead } from '@/lib/domain/accesslinks/schemas';

const params = z.object({ organizationId: pathId(), accessLinkId: z.guid('accessLinkId must be a UUID') });

// GET /api/v37/organization/{organizationId}/accesslink/{accessLinkId}: the link and its URL (endpoint 12)
export const GET = route(
  {
    summary: 'The link and its URL (endpoint 12)',
    responses: { 200: AccessLinkRead },
    scopes: ['AccessLink.Read', 'AccessLink.ReadWrite'],
    params,
  },
  (ctx, { params }) => getLink(ctx, { ...params }),
);

// PATCH /api/v37/organization/{organizationId}/accesslink/{accessLinkId}: change the fields sent -> 200 without result (endpoint 14)
export const PATCH = route(
  {
    summary: 'Change the fields sent -> 200 without result (endpoint 14)',
    responses: { 200: res.noResult },
    scopes: ['AccessLink.ReadWrite'],
    params,
    body: updateBody,
  },
  async (ctx, { params, body }) => {
    await updateLink(ctx, { ...params, ...body });
    return reply.okEmpty();
  },
);

// DELETE /api/v37/organization/{organizationId}/accesslink/{accessLinkId}: delete; its URL stops working -> 204
export const DELETE = route(
  {
    summary: 'Delete; its URL stops working -> 204',
    responses: { 204: res.empty },
    scopes: ['AccessLink.ReadWrite'],
    params,
  },
  async (ctx, { params }) => {
    await deleteLink(ctx, params);
    return reply.noContent();
  },
);
