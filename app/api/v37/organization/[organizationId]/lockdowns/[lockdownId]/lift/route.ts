import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { liftLockdown } from '@/lib/domain/lockdown/control';
import { LockdownSchema } from '@/lib/domain/lockdown/schemas';

const params = z.object({ organizationId: pathId(), lockdownId: z.string().max(100) });

// POST /api/v37/organization/{organizationId}/lockdowns/{lockdownId}/lift: end it -> 200 with it (a lifted one answers as it is)
export const POST = route(
  {
    summary: 'Lift a lockdown -> 200 with it; lifting a lifted one changes nothing',
    responses: { 200: LockdownSchema },
    scopes: ['Organization.ReadWrite'],
    params,
  },
  (ctx, { params }) => liftLockdown(ctx, params),
);
