import { z } from 'zod';
import { exportAudit } from '@/lib/domain/audit/export';
import { pathId } from '@/lib/http/query';
import { res } from '@/lib/http/responses';
import { csvDownload } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { auditFilterInput, auditFilters } from '../filters';

// GET /api/v37/organization/{organizationId}/audit/export: the audit log as CSV, in words (owner and administrators)
export const GET = route(
  {
    summary: 'The audit log as CSV, each entry in words, times in its door’s zone (owner and administrators)',
    responses: { 200: res.raw('text/csv', 'The filtered audit log as CSV, streamed') },
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    params: z.object({ organizationId: pathId() }),
    query: z.object(auditFilters),
  },
  async (ctx, { params, query: q }) => {
    const stream = await exportAudit(ctx, { organizationId: params.organizationId, ...auditFilterInput(q) });
    const name = `audit-${params.organizationId}-${new Date().toISOString().slice(0, 10)}.csv`;
    return csvDownload(stream, name);
  },
);
