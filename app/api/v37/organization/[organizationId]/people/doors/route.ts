import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pagedText, pagedTextQuery, pathId, qInt } from '@/lib/http/query';
import { listManageableDoors } from '@/lib/domain/people/people';
import { ManageableDoorsSchema } from '@/lib/domain/people/schemas';

// GET /api/v37/organization/{organizationId}/people/doors: the doors the caller may give now (the bulk grant's choices), by name, a page at a time;
// filters.text a part of the name, siteId one site's (0: in no site); 50 a page unless itemsPerPage says otherwise (issue 34)
export const GET = route(
  {
    summary: 'The doors the caller may give now, by name, a page at a time',
    responses: { 200: ManageableDoorsSchema },
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    params: z.object({ organizationId: pathId() }),
    query: pagedTextQuery.extend({ siteId: qInt(0, 2147483647).optional() }),
  },
  (ctx, { params, query }) =>
    listManageableDoors(ctx, params.organizationId, { ...pagedText(query), siteId: query.siteId }),
);
