import { z } from 'zod';
import { pathId, zInstant } from '@/lib/http/query';

/** Request shapes of the access endpoints; rules between fields live in lib/domain/access/rules.ts. */
const when = () => zInstant().nullable().optional();

export const schedule = {
  startDate: when(),
  endDate: when(),
  dayStartTime: when(),
  dayEndTime: when(),
  weekDays: z
    .number({ error: 'must be a number from 1 to 127 or null' })
    .int('must be a whole number')
    .nullable()
    .optional(),
};

const level = z
  .number({ error: 'must be 0 (guest) or 1 (administrator)' })
  .int('must be 0 (guest) or 1 (administrator)');

export const grantBody = z.object({
  principalType: z.union([z.literal(0), z.literal(1)], { error: 'must be 0 (user) or 1 (user group)' }),
  userEmail: z.string({ error: 'must be an e-mail address' }).max(320).nullable().optional(),
  principalId: z.uuid({ error: 'must be the id (UUID) of a user group' }).nullable().optional(),
  accessLevel: level,
  remoteAccessDisabled: z.boolean({ error: 'must be true or false' }),
  ...schedule,
});

export const updateBody = z.object({
  accessLevel: level.optional(),
  remoteAccessDisabled: z.boolean({ error: 'must be true or false' }).optional(),
  ...schedule,
});

export const deviceParams = z.object({ deviceId: pathId() });
export const accessParams = z.object({ deviceId: pathId(), accessId: z.uuid({ error: 'must be a UUID' }) });
