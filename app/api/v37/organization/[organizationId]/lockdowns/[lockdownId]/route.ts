import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { getLockdown } from '@/lib/domain/lockdown/control';
import { LockdownSchema } from '@/lib/domain/lockdown/schemas';

const params = z.object({ organizationId: pathId(), lockdownId: z.string().max(100) });

// GET /api/v37/organization/{organizationId}/lockdowns/{lockdownId}: one lockdown with its locks still to confirm (any member)
export const GET = route(
  {
    summary: 'One lockdown with the locks that have not confirmed the lock command (any member)',
    responses: { 200: LockdownSchema },
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    params,
  },
  (ctx, { params }) => getLockdown(ctx, params),
);
