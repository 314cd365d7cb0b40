import { z } from 'zod';
import { nameField } from '@/lib/shared/text';
import { zInstant } from '@/lib/http/query';

/**
 * The body of access-link create and update (endpoints 13, 14). The device array is called
 * `devicesIds` in the contract's table and `deviceIds` in its sample: both are accepted.
 */
const ids = z
  .array(
    z
      .number({ error: 'device ids must be numbers' })
      .int('device ids must be whole numbers')
      .positive('device ids must be positive'),
    {
      error: 'must be an array of device ids',
    },
  )
  .min(1, 'give at least one device')
  .max(100, 'at most 100 devices per link')
  .refine((a) => new Set(a).size === a.length, 'device ids must be distinct');

const sameTimeOfDay = (a: Date, b: Date) =>
  a.getUTCHours() === b.getUTCHours() && a.getUTCMinutes() === b.getUTCMinutes();

/**
 * Tedee's RepeatEvent: the dates, and optionally a weekly schedule (weekdays and a daily window,
 * judged at each door in its own zone, like an access's).
 */
const repeatEvent = z
  .object(
    {
      startDate: zInstant(),
      endDate: zInstant(),
      dayStartTime: zInstant().nullable().optional(),
      dayEndTime: zInstant().nullable().optional(),
      weekDays: z
        .number({ error: 'weekDays must be a number' })
        .int('weekDays must be a whole number')
        .min(
          1,
          'weekDays must be null (every day) or 1 to 127: Monday 1, Tuesday 2, Wednesday 4, Thursday 8, Friday 16, Saturday 32, Sunday 64',
        )
        .max(
          127,
          'weekDays must be null (every day) or 1 to 127: Monday 1, Tuesday 2, Wednesday 4, Thursday 8, Friday 16, Saturday 32, Sunday 64',
        )
        .nullable()
        .optional(),
    },
    { error: 'repeatEvent needs startDate and endDate' },
  )
  .refine((r) => r.startDate < r.endDate, 'endDate must be after startDate')
  .refine(
    (r) => !(r.dayStartTime && r.dayEndTime && sameTimeOfDay(r.dayStartTime, r.dayEndTime)),
    'dayStartTime and dayEndTime must differ (an end earlier than the start runs past midnight)',
  )
  .transform((r) => ({
    startDate: r.startDate,
    endDate: r.endDate,
    dayStartTime: r.dayStartTime ?? null,
    dayEndTime: r.dayEndTime ?? null,
    weekDays: r.weekDays ?? null,
  }));

const fields = {
  // Tedee allows names of up to 450 characters
  name: nameField(450, 'a link needs a name'),
  // characters, not UTF-16 units: an emoji counts once
  description: z
    .string({ error: 'description must be text' })
    .nullable()
    .transform((s) => s ?? '')
    .refine((s) => [...s].length <= 72, 'description: at most 72 characters'),
  devicesIds: ids,
  deviceIds: ids,
  repeatEvent: repeatEvent.nullable(),
};

type Parsed = { devicesIds?: number[]; deviceIds?: number[] };

/** One list whichever spelling was sent; both at once must agree. */
function oneList<T extends Parsed>(b: T, ctx: z.RefinementCtx) {
  if (b.devicesIds && b.deviceIds && b.devicesIds.join() !== b.deviceIds.join()) {
    ctx.addIssue({
      code: 'custom',
      message: 'send the devices once, as devicesIds or deviceIds',
      path: ['devicesIds'],
    });
  }
}

export const createBody = z
  .object({
    name: fields.name,
    description: fields.description.optional(),
    devicesIds: fields.devicesIds.optional(),
    deviceIds: fields.deviceIds.optional(),
    repeatEvent: fields.repeatEvent.optional(),
  })
  .superRefine((b, ctx) => {
    if (!b.devicesIds && !b.deviceIds)
      ctx.addIssue({ code: 'custom', message: 'give at least one device', path: ['devicesIds'] });
    oneList(b, ctx);
  })
  .transform((b) => ({
    name: b.name,
    description: b.description ?? '',
    deviceIds: (b.devicesIds ?? b.deviceIds)!,
    repeatEvent: b.repeatEvent ?? null,
  }));

export const updateBody = z
  .object({
    name: fields.name.optional(),
    description: fields.description.optional(),
    devicesIds: fields.devicesIds.optional(),
    deviceIds: fields.deviceIds.optional(),
    repeatEvent: fields.repeatEvent.optional(),
  })
  .superRefine(oneList)
  .transform((b) => ({
    name: b.name,
    description: b.description,
    deviceIds: b.devicesIds ?? b.deviceIds,
    repeatEvent: b.repeatEvent,
  }));
