import type { Ctx } from '../context';
import { Conflict, Forbidden, Invalid } from '../errors';
import { decideAccessChange, Level, type AccessChange } from '@/lib/shared/policy';
import { enforceDevice } from '../policy/enforce';
import { ACCESS_CHANGE_WORDS } from '@/lib/shared/policy/words';
import { isValidWeekDays, type Schedule } from '@/lib/shared/schedule';
import type { EffectiveAccess } from './effective';

export type ScheduleInput = Partial<Schedule>;

/** A level is 0 guest, 1 administrator or 2 owner (which the policy then refuses to grant). */
export function checkGrantLevel(level: number): void {
  if (!Number.isInteger(level) || level < Level.guest || level > Level.owner) {
    throw Invalid('accessLevel must be 0 (guest) or 1 (administrator).');
  }
}

/** The policy's answer to a grant, change or revoke by `me` (decideAccessChange), as an error when no. */
export function checkAccessChange(ctx: Ctx, me: EffectiveAccess, change: AccessChange): void {
  const now = ctx.now();
  const d = decideAccessChange(me, now, change);
  if (d.ok) return;
  if (
    d.reason === 'unseen' ||
    d.reason === 'level' ||
    d.reason === 'schedule' ||
    d.reason === 'remote' ||
    d.reason === 'site'
  ) {
    enforceDevice('share', me, now);
    return;
  }
  const message =
    d.reason === 'self' && change.verb === 'grant'
      ? 'You cannot grant access to yourself.'
      : ACCESS_CHANGE_WORDS[d.reason];
  // input that can never be right is 400; a rule about who the caller is, 403
  if (d.reason === 'ownerLevel' || d.reason === 'ownerAccess' || d.reason === 'self') throw Invalid(message);
  throw Forbidden(message);
}

/** Schedule fields as they will be stored (absent fields keep `base`), checked as a whole. */
export function checkSchedule(
  input: ScheduleInput,
  base: Schedule = { startDate: null, endDate: null, dayStartTime: null, dayEndTime: null, weekDays: null },
): Schedule {
  const s: Schedule = {
    startDate: input.startDate !== undefined ? input.startDate : base.startDate,
    endDate: input.endDate !== undefined ? input.endDate : base.endDate,
    dayStartTime: input.dayStartTime !== undefined ? input.dayStartTime : base.dayStartTime,
    dayEndTime: input.dayEndTime !== undefined ? input.dayEndTime : base.dayEndTime,
    weekDays: input.weekDays !== undefined ? input.weekDays : base.weekDays,
  };
  const problems: string[] = [];
  if (!isValidWeekDays(s.weekDays)) {
    problems.push(
      'weekDays must be null (every day) or 1 to 127: Monday 1, Tuesday 2, Wednesday 4, Thursday 8, Friday 16, Saturday 32, Sunday 64.',
    );
  }
  if (s.startDate && s.endDate && s.endDate <= s.startDate) problems.push('endDate must be later than startDate.');
  if (s.dayStartTime && s.dayEndTime && sameTimeOfDay(s.dayStartTime, s.dayEndTime)) {
    problems.push('dayStartTime and dayEndTime must differ (an end earlier than the start runs past midnight).');
  }
  if (problems.length) throw Invalid(problems[0], problems);
  return s;
}

const sameTimeOfDay = (a: Date, b: Date) =>
  a.getUTCHours() === b.getUTCHours() && a.getUTCMinutes() === b.getUTCMinutes();

export const alreadyHasAccess = () =>
  Conflict(
    'This user or group already has an access to this device. Edit that access instead of granting a second one.',
  );
