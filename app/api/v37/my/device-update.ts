import { z } from 'zod';
import { nameField } from '@/lib/shared/text';

/** The fields the lock's and the door sensor's updates share (PATCH /my/lock, PATCH /my/doorsensor/{id}): the revision read, a name, a time zone. */
export const deviceUpdateFields = {
  revision: z
    .number({ error: 'must be the revision you read' })
    .int('must be a whole number')
    .min(0, 'must not be negative'),
  name: nameField().optional(),
  timeZone: z.string({ error: 'must be a time zone name' }).trim().min(1, 'must not be empty').max(64).optional(),
};
