import { z } from 'zod';
import { getOrgSecurity, setOrgSecurity } from '@/lib/domain/organizations/security';
import { pathId } from '@/lib/http/query';
import { route } from '@/lib/http/route';
import { OrgSecurity } from '@/lib/domain/organizations/schemas';

const params = z.object({ organizationId: pathId() });

// GET /api/v37/organization/{organizationId}/security: the organization's security rule (any member)
export const GET = route(
  {
    summary: "The organization's security rule (any member)",
    responses: { 200: OrgSecurity },
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    params,
  },
  (ctx, { params }) => getOrgSecurity(ctx, params),
);

// PUT /api/v37/organization/{organizationId}/security: the owner requires (or not) a second factor of administrators
export const PUT = route(
  {
    summary: 'The owner requires (or not) a second factor of administrators',
    responses: { 200: OrgSecurity },
    scopes: ['Organization.ReadWrite'],
    params,
    body: z.object({ requireSecondFactor: z.boolean({ error: 'requireSecondFactor: true or false' }) }),
  },
  (ctx, { params, body }) =>
    setOrgSecurity(ctx, { organizationId: params.organizationId, requireSecondFactor: body.requireSecondFactor }),
);
