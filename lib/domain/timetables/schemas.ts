import { z } from 'zod';

const Rule = z.object({
  days: z.number().int().min(1).max(127).describe('weekDays bits: Monday 1 ... Sunday 64 (127: every day)'),
  at: z
    .string()
    .max(5, 'a time like "08:00"')
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time like "08:00"')
    .describe('local wall-clock time'),
  action: z.enum(['unlock', 'lock']),
});

/** A lock's weekly timetable (issue 35, our extension). */
export const TimetableSchema = z
  .object({
    deviceId: z.number().int(),
    enabled: z.boolean(),
    rules: z.array(Rule),
    exceptions: z.array(z.string()).describe('local dates (YYYY-MM-DD) on which it rests'),
    timeZone: z.string().describe("the zone its times are read in: the lock's site's, else the lock's own"),
    next: z
      .object({ at: z.string(), action: z.enum(['unlock', 'lock']) })
      .nullable()
      .describe('the next scheduled change (within four weeks), or null'),
    updated: z.string().nullable(),
  })
  .meta({ id: 'Timetable' });

export const TimetableBody = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  rules: z.array(Rule, { error: 'rules must be an array of {days, at, action}' }).max(28, 'at most 28 rules'),
  exceptions: z.array(z.string().max(10), { error: 'exceptions must be an array of dates' }).max(100).default([]),
});
