import { z } from 'zod';
import { AUDIT_ACTIONS, type AuditAction } from '@/lib/domain/audit';
import { listAudit } from '@/lib/domain/audit/list';
import { pathId, qArray, qInt, zInstant } from '@/lib/http/query';
import { route } from '@/lib/http/route';
import { AuditItemSchema } from '@/lib/domain/organizations/schemas';

const ACTIONS = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

// GET /api/v37/organization/{organizationId}/audit: who shared, revoked, changed what, newest first (owner and administrators)
export const GET = route(
  {
    summary: 'Who shared, revoked, changed what, newest first (owner and administrators)', responses: { 200: z.array(AuditItemSchema) },
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    params: z.object({ organizationId: pathId() }),
    query: z.object({
      elements: qInt(1, 200).optional(),
      lastElemDate: zInstant().optional(),
      lastElemId: qInt(1).optional(),
      dateFrom: zInstant().optional(),
      userId: qInt(0, 2147483647).optional(),
      action: qArray(z.enum(ACTIONS), 50).optional(),
      deviceId: qInt(1, 2147483647).optional(),
    }),
  },
  (ctx, { params, query: q }) =>
    listAudit(ctx, { organizationId: params.organizationId, elements: q.elements ?? 50, lastElemDate: q.lastElemDate, lastElemId: q.lastElemId, dateFrom: q.dateFrom, userId: q.userId, actions: q.action, deviceId: q.deviceId }),
);
