import { z } from 'zod';
import { listAudit } from '@/lib/domain/audit/list';
import { AuditItemSchema } from '@/lib/domain/organizations/schemas';
import { pathId, qInt } from '@/lib/http/query';
import { route } from '@/lib/http/route';
import { auditFilterInput, auditFilters } from './filters';

// GET /api/v37/organization/{organizationId}/audit: who shared, revoked, changed what, newest first (owner and administrators)
export const GET = route(
  {
    summary: 'Who shared, revoked, changed what, newest first (owner and administrators)',
    responses: { 200: z.array(AuditItemSchema) },
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    params: z.object({ organizationId: pathId() }),
    query: z.object({
      elements: qInt(1, 200).optional(),
      lastElemId: qInt(1).optional(),
      ...auditFilters,
    }),
  },
  (ctx, { params, query: q }) =>
    listAudit(ctx, {
      organizationId: params.organizationId,
      elements: q.elements ?? 50,
      lastElemId: q.lastElemId,
      ...auditFilterInput(q),
    }),
);
