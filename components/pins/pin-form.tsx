'use client';

import { useState } from 'react';
import { Button, Checkbox, FormField, Input } from '@/components/ui';
import { aliasProblem, generatePin, pinProblem, PIN_MAX_LENGTH, PIN_MIN_LENGTH } from '@/lib/shared/pins/rules';
import { fromLocalInput, fromTimeInput, toLocalInput, toTimeInput, WEEKDAYS } from '@/lib/shared/pins/schedule-text';
import type { PinDetail, PinWrite } from '@/lib/client/pins';

/** What the person types; times and dates are wall-clock values in the lock's zone. */
export interface PinFormValues {
  alias: string;
  pin: string;
  start: string;
  end: string;
  from: string;
  to: string;
  days: boolean[];
}
export type FieldErrors = Partial<Record<'alias' | 'pin' | 'dates' | 'window' | 'days', string>>;

export function initialValues(p: PinDetail | null, zone: string): PinFormValues {
  return {
    alias: p?.alias ?? '',
    pin: p?.pin ?? '',
    start: toLocalInput(p?.startDate ?? null, zone),
    end: toLocalInput(p?.endDate ?? null, zone),
    from: toTimeInput(p?.dayStartTime ?? null, zone),
    to: toTimeInput(p?.dayEndTime ?? null, zone),
    days: WEEKDAYS.map((_, i) => p?.weekDays == null || (p.weekDays & (1 << i)) !== 0),
  };
}

/** The same rules the server runs (lib/shared/pins/rules.ts), checked before anything is sent. */
export function validate(v: PinFormValues, zone: string, now = new Date()): FieldErrors {
  const e: FieldErrors = {};
  const alias = aliasProblem(v.alias);
  if (alias) e.alias = alias;
  const pin = pinProblem(v.pin);
  if (pin) e.pin = pin.message;
  const start = fromLocalInput(v.start, zone);
  const end = fromLocalInput(v.end, zone);
  if (start && end && end <= start) e.dates = 'The end must be later than the start.';
  else if (end && new Date(end) <= now) e.dates = 'The end must be in the future.';
  if (v.from && v.to && v.from === v.to)
    e.window = 'Start and end times must differ (or leave both empty for any time).';
  if (!v.days.some(Boolean)) e.days = 'Pick at least one day.';
  return e;
}

/** The API body: PUT replaces the whole PIN, so every field is sent (null = no restriction). */
export function toBody(v: PinFormValues, zone: string): PinWrite {
  const mask = v.days.reduce((m, on, i) => (on ? m | (1 << i) : m), 0);
  return {
    alias: v.alias.trim(),
    pin: v.pin,
    startDate: fromLocalInput(v.start, zone),
    endDate: fromLocalInput(v.end, zone),
    dayStartTime: v.from ? fromTimeInput(v.from, zone) : null,
    dayEndTime: v.to ? fromTimeInput(v.to, zone) : null,
    weekDays: mask === 127 ? null : mask,
  };
}

interface Props {
  id: string;
  values: PinFormValues;
  onChange: (v: PinFormValues) => void;
  errors: FieldErrors;
  zone: string;
  disabled: boolean;
  onSubmit: () => void;
}

/** The fields of a PIN; errors appear once a field was left or the form was submitted. */
export function PinForm({ id, values: v, onChange, errors, zone, disabled, onSubmit }: Props) {
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [tried, setTried] = useState(false);
  const show = (k: keyof FieldErrors) => (tried || touched[k] ? errors[k] : undefined);
  const set = (patch: Partial<PinFormValues>) => onChange({ ...v, ...patch });
  const leave = (k: string) => () => setTouched((t) => ({ ...t, [k]: true }));
  return (
    <form
      id={id}
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        onSubmit();
      }}
    >
      <fieldset disabled={disabled} className="space-y-4">
        <FormField
          label="Alias"
          required
          hint="Who uses this PIN, e.g. “Cleaner” or “Dog walker”."
          error={show('alias')}
        >
          <Input
            value={v.alias}
            onChange={(e) => set({ alias: e.target.value })}
            onBlur={leave('alias')}
            autoComplete="off"
          />
        </FormField>
        <FormField
          label="PIN"
          required
          hint={`${PIN_MIN_LENGTH} to ${PIN_MAX_LENGTH} digits, at least 3 different, not a run like 12345.`}
          error={show('pin')}
        >
          {(wiring) => (
            <div className="flex gap-2">
              <Input
                {...wiring}
                value={v.pin}
                inputMode="numeric"
                autoComplete="off"
                className="font-mono tracking-widest"
                onChange={(e) => set({ pin: e.target.value })}
                onBlur={leave('pin')}
              />
              <Button
                variant="secondary"
                onClick={() => {
                  set({ pin: generatePin(6) });
                  setTouched((t) => ({ ...t, pin: true }));
                }}
              >
                Generate
              </Button>
            </div>
          )}
        </FormField>
        <div className="rounded-md border border-slate-200 p-3">
          <p className="text-sm font-medium text-slate-800">When it works</p>
          <p className="mb-3 text-xs text-slate-600">Optional. Dates and times are at the lock: {zone}.</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="Valid from">
              <Input
                type="datetime-local"
                value={v.start}
                onChange={(e) => set({ start: e.target.value })}
                onBlur={leave('dates')}
              />
            </FormField>
            <FormField label="Valid until" error={show('dates')}>
              <Input
                type="datetime-local"
                value={v.end}
                onChange={(e) => set({ end: e.target.value })}
                onBlur={leave('dates')}
              />
            </FormField>
            <FormField label="Daily from" hint="Empty: from midnight">
              <Input
                type="time"
                value={v.from}
                onChange={(e) => set({ from: e.target.value })}
                onBlur={leave('window')}
              />
            </FormField>
            <FormField label="Daily until" hint="Earlier than “from”: runs past midnight" error={show('window')}>
              <Input type="time" value={v.to} onChange={(e) => set({ to: e.target.value })} onBlur={leave('window')} />
            </FormField>
          </div>
          <fieldset className="mt-3" aria-describedby={show('days') ? `${id}-days-error` : undefined}>
            <legend className="text-sm font-medium text-slate-800">Days</legend>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
              {WEEKDAYS.map((d, i) => (
                <Checkbox
                  key={d}
                  id={`${id}-day-${i}`}
                  label={d}
                  checked={v.days[i]}
                  onChange={(e) => {
                    set({ days: v.days.map((x, j) => (j === i ? e.target.checked : x)) });
                    setTouched((t) => ({ ...t, days: true }));
                  }}
                />
              ))}
            </div>
            {show('days') ? (
              <p id={`${id}-days-error`} className="mt-1 text-sm text-red-700">
                {show('days')}
              </p>
            ) : null}
          </fieldset>
        </div>
      </fieldset>
    </form>
  );
}
