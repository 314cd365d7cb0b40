import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pagedText, pagedTextQuery, pathId, qInt } from '@/lib/http/query';
import { listOrgPeople } from '@/lib/domain/people/people';
import { PeopleListSchema } from '@/lib/domain/people/schemas';

// GET /api/v37/organization/{organizationId}/people: members and everyone with access to the organization's doors (those the caller manages);
// with page, itemsPerPage, filters.text or siteId (0: doors in no site) a page of those matching, the doors only counted (issue 34)
export const GET = route(
  {
    summary: "Members and everyone with access to the organization's doors the caller manages",
    responses: { 200: PeopleListSchema },
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    params: z.object({ organizationId: pathId() }),
    query: pagedTextQuery.extend({ siteId: qInt(0, 2147483647).optional() }),
  },
  (ctx, { params, query }) =>
    listOrgPeople(
      ctx,
      params.organizationId,
      Object.values(query).some((v) => v !== undefined) ? { ...pagedText(query), siteId: query.siteId } : undefined,
    ),
);
