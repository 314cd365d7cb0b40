'use client';

import { DateTime } from 'luxon';
import { useState } from 'react';
import { Checkbox, FormDialog, FormField, Input, Textarea } from '@/components/ui';
import { useRefusal } from '@/lib/client/use-refusal';
import type { AccessLink, LinkInput } from '@/lib/client/links';
import { DevicePicker, type PickedDevice } from './device-picker';
import { localToUtcIso, utcToLocal } from './zone-time';
import { WeekDaysField } from '@/components/access/schedule-fields';
import { timeToUtc, utcToTime } from '@/lib/shared/access/schedule-text';

interface Form {
  name: string;
  description: string;
  devices: PickedDevice[];
  limited: boolean;
  start: string;
  end: string;
  /** the weekly part: weekDays mask (127 every day) and a daily window ("HH:mm", empty: all day) */
  days: number;
  from: string;
  to: string;
}

const chars = (s: string) => [...s].length;

/**
 * The server names refused doors by id ("12, 40 cannot be assigned (…)"); the person chose them by
 * name, so they are said by name ("Main gate, Back door cannot …").
 */
function doorsNamed(message: string | undefined, chosen: PickedDevice[]): string | undefined {
  return message?.replace(/^\d+(?:, \d+)*(?= cannot)/, (ids) =>
    ids
      .split(', ')
      .map((id) => chosen.find((d) => String(d.id) === id)?.name ?? `A door that is no longer listed (${id})`)
      .join(', '),
  );
}

function initialForm(link: AccessLink | null, zone: string): Form {
  if (link) {
    return {
      name: link.name,
      description: link.description,
      devices: link.devices.map((d) => ({ id: d.id, name: d.name, type: d.deviceType })),
      limited: !!link.repeatEvent,
      start: utcToLocal(link.repeatEvent?.startDate, zone),
      end: utcToLocal(link.repeatEvent?.endDate, zone),
      days: link.repeatEvent?.weekDays ?? 127,
      from: utcToTime(link.repeatEvent?.dayStartTime ?? null, zone),
      to: utcToTime(link.repeatEvent?.dayEndTime ?? null, zone),
    };
  }
  // a window is the safe default: a permanent link is discouraged (api-v37.md)
  const now = DateTime.now().setZone(zone).startOf('hour');
  return {
    name: '',
    description: '',
    devices: [],
    limited: true,
    start: now.toFormat("yyyy-LL-dd'T'HH:mm"),
    end: now.plus({ days: 1 }).toFormat("yyyy-LL-dd'T'HH:mm"),
    days: 127,
    from: '',
    to: '',
  };
}

function problems(f: Form, zone: string) {
  const p: Partial<Record<'name' | 'description' | 'devices' | 'window', string>> = {};
  if (!f.name.trim()) p.name = 'Enter a name (only administrators see it).';
  else if (f.name.trim().length > 100) p.name = 'At most 100 characters.';
  if (chars(f.description) > 72) p.description = `At most 72 characters (now ${chars(f.description)}).`;
  if (!f.devices.length) p.devices = 'Choose at least one door.';
  if (f.limited) {
    const s = localToUtcIso(f.start, zone);
    const e = localToUtcIso(f.end, zone);
    if (!s || !e) p.window = 'Enter both the start and the end.';
    else if (Date.parse(e) <= Date.parse(s)) p.window = 'The end must be after the start.';
    else if (!f.days) p.window = 'Choose at least one day.';
    else if (!!f.from !== !!f.to) p.window = 'Give both times of the daily window, or neither.';
    else if (f.from && f.from === f.to) p.window = 'The daily window must not start and end at the same time.';
  }
  return p;
}

/**
 * Create or edit a link. Edit sends only what changed (PATCH). `mayBePermanent`: the policy lets
 * the viewer make a link without an end (the organization's owner); others always give a window,
 * and may add one to a permanent link but not take one away.
 */
export function LinkDialog({
  open,
  orgId,
  zone,
  link,
  mayBePermanent,
  onClose,
  onSave,
}: {
  open: boolean;
  orgId: number;
  zone: string;
  link: AccessLink | null;
  mayBePermanent: boolean;
  onClose: () => void;
  onSave: (body: LinkInput) => Promise<void>;
}) {
  const [f, setF] = useState<Form>(() => initialForm(link, zone));
  const [tried, setTried] = useState(false);
  const p = problems(f, zone);
  // the server's refusal about a field ("name: …", "repeatEvent.endDate: …") under that field, the
  // rest above the form; each goes once its field is edited
  // (the contract spells the doors both ways; the server names them devicesIds)
  const server = useRefusal(['name', 'description', 'deviceIds', 'devicesIds', 'repeatEvent'] as const);
  const said = {
    name: server.byField.name,
    description: server.byField.description,
    devices: doorsNamed(server.byField.devicesIds ?? server.byField.deviceIds, f.devices),
    window: server.byField.repeatEvent,
  };
  const show = (k: keyof typeof p) => (tried ? p[k] : k === 'description' ? p[k] : undefined) ?? said[k];

  function body(): LinkInput {
    const repeatEvent = f.limited
      ? {
          startDate: localToUtcIso(f.start, zone)!,
          endDate: localToUtcIso(f.end, zone)!,
          dayStartTime: timeToUtc(f.from, zone),
          dayEndTime: timeToUtc(f.to, zone),
          weekDays: f.days === 127 ? null : f.days,
        }
      : null;
    const full: LinkInput = {
      name: f.name.trim(),
      description: f.description,
      deviceIds: f.devices.map((d) => d.id),
      repeatEvent,
    };
    if (!link) return full;
    const was = initialForm(link, zone);
    const diff: LinkInput = {};
    if (full.name !== was.name) diff.name = full.name;
    if (full.description !== was.description) diff.description = full.description;
    if (full.deviceIds!.join() !== was.devices.map((d) => d.id).join()) diff.deviceIds = full.deviceIds;
    if (
      f.limited !== was.limited ||
      f.start !== was.start ||
      f.end !== was.end ||
      f.days !== was.days ||
      f.from !== was.from ||
      f.to !== was.to
    )
      diff.repeatEvent = repeatEvent;
    return diff;
  }

  async function submit() {
    setTried(true);
    if (Object.keys(p).length) return false;
    return server.send(() => onSave(body()));
  }

  const set = <K extends keyof Form>(k: K, v: Form[K]) => {
    setF((x) => ({ ...x, [k]: v }));
    if (k === 'devices') {
      server.edited('deviceIds');
      server.edited('devicesIds');
    } else server.edited(k === 'name' || k === 'description' ? k : 'repeatEvent');
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={link ? 'Edit access link' : 'New access link'}
      size="lg"
      submitLabel={link ? 'Save changes' : 'Create link'}
      onSubmit={submit}
      error={server.general}
    >
      <FormField label="Name" required hint="For administrators only; guests never see it." error={show('name')}>
        <Input value={f.name} onChange={(e) => set('name', e.target.value)} autoComplete="off" />
      </FormField>
      <FormField
        label="Message for guests"
        hint={`${chars(f.description)}/72 characters, shown on the link's page.`}
        error={show('description')}
      >
        <Textarea value={f.description} onChange={(e) => set('description', e.target.value)} rows={2} />
      </FormField>
      <DevicePicker orgId={orgId} value={f.devices} onChange={(v) => set('devices', v)} error={show('devices')} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">When it works</legend>
        {mayBePermanent || (link && !link.repeatEvent) ? (
          <Checkbox
            checked={f.limited}
            onChange={(e) => set('limited', e.target.checked)}
            label="Only during a time window (recommended)"
            hint={f.limited ? undefined : 'Without a window the link works until it is deleted.'}
          />
        ) : (
          <p className="text-sm text-slate-600">
            Your links work during a time window: only the organization owner can make a link without an end.
          </p>
        )}
        {f.limited ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label={`From (${zone})`}>
              <Input type="datetime-local" value={f.start} onChange={(e) => set('start', e.target.value)} />
            </FormField>
            <FormField label={`Until (${zone})`}>
              <Input type="datetime-local" value={f.end} onChange={(e) => set('end', e.target.value)} />
            </FormField>
            <FormField label="Each day from" hint="Empty: all day (times at each door)">
              <Input type="time" value={f.from} onChange={(e) => set('from', e.target.value)} />
            </FormField>
            <FormField
              label="Each day until"
              hint={
                f.from && f.to && f.to < f.from
                  ? `${f.from} to ${f.to} next day`
                  : 'Earlier than the start: runs past midnight'
              }
            >
              <Input type="time" value={f.to} onChange={(e) => set('to', e.target.value)} />
            </FormField>
            <div className="sm:col-span-2">
              <WeekDaysField value={f.days} onChange={(days) => set('days', days)} />
            </div>
          </div>
        ) : null}
        {show('window') ? <p className="text-sm text-red-700">{show('window')}</p> : null}
      </fieldset>
    </FormDialog>
  );
}
