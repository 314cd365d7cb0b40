import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { res } from '@/lib/http/responses';
import { deleteTimetable, getTimetable, setTimetable } from '@/lib/domain/timetables/timetables';
import { TimetableBody, TimetableSchema } from '@/lib/domain/timetables/schemas';

const params = z.object({ id: pathId() });

// GET /api/v37/my/lock/{id}/timetable: the lock's weekly timetable and its next change (issue 35)
export const GET = route(
  {
    summary: "The lock's weekly timetable and its next scheduled change (empty and disabled when it has none)",
    responses: { 200: TimetableSchema },
    scopes: ['Device.Read', 'Device.ReadWrite'],
    params,
  },
  (ctx, { params }) => getTimetable(ctx, params.id),
);

// PUT /api/v37/my/lock/{id}/timetable: set the whole timetable (owner and administrators) -> 200 with it
export const PUT = route(
  {
    summary: 'Set the whole timetable: rules, resting dates, enabled (owner and administrators) -> 200 with it',
    responses: { 200: TimetableSchema },
    scopes: ['Device.ReadWrite'],
    params,
    body: TimetableBody,
  },
  (ctx, { params, body }) => setTimetable(ctx, params.id, body),
);

// DELETE /api/v37/my/lock/{id}/timetable: the lock follows no timetable -> 204
export const DELETE = route(
  {
    summary: 'The lock follows no timetable any more -> 204',
    responses: { 204: res.empty },
    scopes: ['Device.ReadWrite'],
    params,
  },
  async (ctx, { params }) => {
    await deleteTimetable(ctx, params.id);
    return reply.noContent();
  },
);
