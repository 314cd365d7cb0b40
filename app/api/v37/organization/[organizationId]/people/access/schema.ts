import { z } from 'zod';
import { pathId } from '@/lib/http/query';

/** Request shapes of the organization's people endpoints (issue 33). */
export const params = z.object({ organizationId: pathId() });

export const personFields = {
  userId: z.uuid({ error: 'must be the id (UUID) of a user' }).nullable().optional(),
  userEmail: z.string({ error: 'must be an e-mail address' }).max(320).nullable().optional(),
};
