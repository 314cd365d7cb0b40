'use client';

import { Checkbox, FormField, Input } from '@/components/ui';
import { localToUtc, timeToUtc, utcToLocal, utcToTime } from '@/lib/shared/access/schedule-text';
import type { AccessRecord, ScheduleBody } from '@/lib/client/access';

/** The schedule part of the share and edit forms, entered in the device's own time zone. */
export interface ScheduleState {
  start: string;
  end: string;
  from: string;
  to: string;
  /** weekDays mask; 127 = every day */
  days: number;
}

export type ScheduleErrors = Partial<Record<'start' | 'end' | 'from' | 'to' | 'days', string>>;

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export const emptySchedule = (): ScheduleState => ({ start: '', end: '', from: '', to: '', days: 127 });

export function scheduleFrom(a: AccessRecord, zone: string): ScheduleState {
  return {
    start: utcToLocal(a.startDate, zone),
    end: utcToLocal(a.endDate, zone),
    from: utcToTime(a.dayStartTime, zone),
    to: utcToTime(a.dayEndTime, zone),
    days: a.weekDays ?? 127,
  };
}

/** The body's schedule fields a refusal may name ("endDate: …") and the form's field each is said under. */
const SENT_AS = {
  startDate: 'start',
  endDate: 'end',
  dayStartTime: 'from',
  dayEndTime: 'to',
  weekDays: 'days',
} as const;
export const SCHEDULE_SENT = Object.keys(SENT_AS) as (keyof typeof SENT_AS)[];

/** A refusal's schedule messages (messagesByField's, by SCHEDULE_SENT) under the form's fields. */
export function scheduleRefusal(byField: Partial<Record<keyof typeof SENT_AS, string>>): ScheduleErrors {
  const errors: ScheduleErrors = {};
  for (const k of SCHEDULE_SENT) if (byField[k]) errors[SENT_AS[k]] = byField[k];
  return errors;
}

/** ScheduleFields' onEdit for a form whose errors live in `setErrors`: the edited field's error goes. */
export const forgetIn =
  <E extends ScheduleErrors>(setErrors: (next: (x: E) => E) => void) =>
  (k: keyof ScheduleErrors) =>
    setErrors((x) => ({ ...x, [k]: undefined }));

/** Checks what the server would refuse, before sending; returns the body or the errors. */
export function scheduleBody(s: ScheduleState, zone: string): { body?: ScheduleBody; errors: ScheduleErrors } {
  const errors: ScheduleErrors = {};
  if (s.start && s.end && s.end <= s.start) errors.end = 'The end must be after the start.';
  if ((s.from && !s.to) || (!s.from && s.to))
    errors[s.from ? 'to' : 'from'] = 'Give both times of the daily window, or neither.';
  if (s.from && s.to && s.from === s.to) errors.to = 'The window must not start and end at the same time.';
  if (s.days === 0) errors.days = 'Choose at least one day.';
  if (Object.keys(errors).length) return { errors };
  return {
    errors,
    body: {
      startDate: localToUtc(s.start, zone),
      endDate: localToUtc(s.end, zone),
      dayStartTime: timeToUtc(s.from, zone),
      dayEndTime: timeToUtc(s.to, zone),
      weekDays: s.days === 127 ? null : s.days,
    },
  };
}

export function ScheduleFields({
  value,
  onChange,
  errors,
  onEdit,
  zone,
}: {
  value: ScheduleState;
  onChange: (s: ScheduleState) => void;
  errors: ScheduleErrors;
  /** The person changed this field: the form drops its error now, not at the next submit. */
  onEdit?: (field: keyof ScheduleErrors) => void;
  zone: string;
}) {
  const set = (patch: Partial<ScheduleState>) => {
    onChange({ ...value, ...patch });
    for (const k of Object.keys(patch) as (keyof ScheduleState)[]) onEdit?.(k);
  };
  const overnight = value.from && value.to && value.to < value.from;
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">When (times at the door, {zone})</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Valid from" hint="Empty: from now" error={errors.start}>
          <Input type="datetime-local" value={value.start} onChange={(e) => set({ start: e.target.value })} />
        </FormField>
        <FormField label="Valid until" hint="Empty: no end" error={errors.end}>
          <Input type="datetime-local" value={value.end} onChange={(e) => set({ end: e.target.value })} />
        </FormField>
        <FormField label="Daily from" hint="Empty: all day" error={errors.from}>
          <Input type="time" value={value.from} onChange={(e) => set({ from: e.target.value })} />
        </FormField>
        <FormField
          label="Daily until"
          hint={overnight ? `${value.from} to ${value.to} next day` : 'Earlier than the start: runs past midnight'}
          error={errors.to}
        >
          <Input type="time" value={value.to} onChange={(e) => set({ to: e.target.value })} />
        </FormField>
      </div>
      <WeekDaysField value={value.days} onChange={(days) => set({ days })} error={errors.days} />
    </fieldset>
  );
}

/** The weekdays of a schedule as seven checkboxes (weekDays mask: Monday 1 ... Sunday 64). */
export function WeekDaysField({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (days: number) => void;
  error?: string;
}) {
  return (
    <div role="group" aria-label="Days of the week" aria-describedby={error ? 'days-error' : undefined}>
      <p className="mb-1 text-sm font-medium text-slate-800">Days</p>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {DAY_NAMES.map((name, i) => (
          <Checkbox
            key={name}
            label={name.slice(0, 3)}
            aria-label={name}
            checked={(value & (1 << i)) !== 0}
            onChange={(e) => onChange(e.target.checked ? value | (1 << i) : value & ~(1 << i))}
          />
        ))}
      </div>
      {error ? (
        <p id="days-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
