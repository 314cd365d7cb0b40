import { z } from 'zod';
import { route } from '@/lib/http/route';
import { endAllAccess } from '@/lib/domain/access/bulk';
import { EndAllResultSchema } from '@/lib/domain/people/schemas';
import { params, personFields } from '../schema';

// POST /api/v37/organization/{organizationId}/people/access/revokeall: end, in one step, every access of the person to the organization's doors that the caller may revoke
export const POST = route(
  {
    summary: "End in one step every access of the person to the organization's doors that the caller may revoke",
    responses: { 200: EndAllResultSchema },
    scopes: ['DeviceShare.ReadWrite'],
    params,
    body: z.object(personFields),
  },
  (ctx, { params, body }) => endAllAccess(ctx, params.organizationId, body),
);
