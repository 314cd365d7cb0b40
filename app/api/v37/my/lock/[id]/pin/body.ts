import { z } from 'zod';
import { zInstant } from '@/lib/http/query';

const instant = () => zInstant().nullable().optional();

/**
 * Body of PIN create and update: types only. The PIN and alias rules run in the domain
 * (lib/domain/pins/input.ts), so every message names the broken rule the same way the portal does.
 */
export const pinBodySchema = z.object({
  alias: z.string({ error: 'must be text' }).max(1000, 'must be at most 1000 characters').nullable().optional(),
  pin: z
    .string({ error: 'must be text (the PIN digits as a string)' })
    .max(100, 'must be at most 100 characters')
    .nullable()
    .optional(),
  startDate: instant(),
  endDate: instant(),
  dayStartTime: instant(),
  dayEndTime: instant(),
  weekDays: z.number({ error: 'must be a whole number' }).int('must be a whole number').nullable().optional(),
});
