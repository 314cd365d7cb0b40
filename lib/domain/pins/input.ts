import { Invalid } from '../errors';
import { isValidWeekDays, wallClock, type Schedule } from '@/lib/shared/schedule';
import { aliasProblem, pinProblem } from '@/lib/shared/pins/rules';

/** The body of PUT/POST /my/lock/{id}/pin after the route's zod parse (types only, no rules yet). */
export interface PinBody {
  alias?: string | null;
  pin?: string | null;
  startDate?: Date | null;
  endDate?: Date | null;
  dayStartTime?: Date | null;
  dayEndTime?: Date | null;
  weekDays?: number | null;
}

export interface PinInput extends Schedule {
  alias: string;
  pin: string;
}

/**
 * Every rule of a PIN write, all reported at once (a form shows each next to its field).
 * PUT replaces the whole PIN: an omitted schedule field means "no restriction" (null).
 */
export function checkPinBody(body: PinBody, now: Date, timeZone: string): PinInput {
  const problems: string[] = [];
  const alias = aliasProblem(body.alias);
  if (alias) problems.push(`alias: ${alias}`);
  const pin = pinProblem(body.pin);
  if (pin) problems.push(`pin: ${pin.message}`);
  const s: Schedule = {
    startDate: body.startDate ?? null,
    endDate: body.endDate ?? null,
    dayStartTime: body.dayStartTime ?? null,
    dayEndTime: body.dayEndTime ?? null,
    weekDays: body.weekDays ?? null,
  };
  if (!isValidWeekDays(s.weekDays))
    problems.push('weekDays: must be 1 to 127 (Monday 1, Tuesday 2, ... Sunday 64), or null for every day.');
  if (s.startDate && s.endDate && s.endDate <= s.startDate) problems.push('endDate: must be later than startDate.');
  // A PIN that has already ended would be removed the moment it was saved.
  if (s.endDate && s.endDate <= now) problems.push('endDate: must be in the future.');
  if (s.dayStartTime && s.dayEndTime && wallClock(s.dayStartTime, timeZone) === wallClock(s.dayEndTime, timeZone)) {
    problems.push(
      `dayEndTime: must differ from dayStartTime (both are ${wallClock(s.dayStartTime, timeZone)} ${timeZone}), or the PIN would never work.`,
    );
  }
  if (problems.length) throw Invalid(problems[0], problems);
  return { ...s, alias: (body.alias as string).trim(), pin: body.pin as string };
}
