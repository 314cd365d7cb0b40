import { z } from 'zod';
import { route } from '@/lib/http/route';
import { qBool, qInt } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { statusOf } from '@/lib/http/errors';
import { res } from '@/lib/http/responses';
import { bulkGrant } from '@/lib/domain/access/bulk';
import { getPersonPage } from '@/lib/domain/people/people';
import { BulkGrantResultSchema, PersonPageSchema } from '@/lib/domain/people/schemas';
import { schedule } from '../../../../my/device/[deviceId]/access/schema';
import { params, personFields } from './schema';

// GET /api/v37/organization/{organizationId}/people/access: one person (userId or userEmail) with every door they can open and how;
// includeManageableDoors=false leaves out the list of doors the caller may give (counted all the same);
// page/itemsPerPage (at most 100) give a page of the person's doors by name, doorCounts counts them all (issue 34)
export const GET = route(
  {
    summary: 'One person (userId or userEmail) with every door they can open and how',
    responses: { 200: PersonPageSchema },
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    params,
    query: z.object({
      ...personFields,
      includeManageableDoors: qBool().optional(),
      page: qInt(1).optional(),
      itemsPerPage: qInt(1, 100).optional(),
    }),
  },
  (ctx, { params, query: { includeManageableDoors, page, itemsPerPage, ...ref } }) =>
    getPersonPage(ctx, params.organizationId, ref, {
      withManageableDoors: includeManageableDoors,
      doorsPage: { page, itemsPerPage },
    }),
);

const body = z.object({
  ...personFields,
  deviceIds: z
    .array(z.number({ error: 'must be device ids' }).int('must be device ids').positive('must be device ids'), {
      error: 'deviceIds must be a list of device ids',
    })
    .min(1, 'choose at least one door')
    .max(50, 'at most 50 doors at once'),
  accessLevel: z
    .number({ error: 'must be 0 (guest) or 1 (administrator)' })
    .int('must be 0 (guest) or 1 (administrator)'),
  remoteAccessDisabled: z.boolean({ error: 'must be true or false' }),
  ...schedule,
});

// POST /api/v37/organization/{organizationId}/people/access: one person, several doors, one schedule, all or nothing -> flat 201 (200 when nothing new) with a per-door answer; a refused door: its status, nothing done
export const POST = route(
  {
    summary:
      'One person, several doors, one schedule, all or nothing: flat 201 (200 when nothing was created) with a per-door answer; when a door is refused, its status and nothing done',
    responses: {
      200: res.flat(BulkGrantResultSchema),
      201: res.flat(BulkGrantResultSchema),
      400: res.flat(BulkGrantResultSchema),
      403: res.flat(BulkGrantResultSchema),
      404: res.flat(BulkGrantResultSchema),
      409: res.flat(BulkGrantResultSchema),
    },
    scopes: ['DeviceShare.ReadWrite'],
    params,
    body,
  },
  async (ctx, { params, body }) => {
    const { userId, userEmail, deviceIds, accessLevel, remoteAccessDisabled, ...sched } = body;
    const r = await bulkGrant(ctx, params.organizationId, {
      person: { userId, userEmail },
      deviceIds,
      accessLevel,
      remoteAccessDisabled,
      ...sched,
    });
    const status = r.refusal ? statusOf(r.refusal) : r.doors.some((d) => d.outcome === 'created') ? 201 : 200;
    const { refusal: _, ...out } = r;
    return reply.flat(status, out);
  },
);
