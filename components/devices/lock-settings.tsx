'use client';

import { useMemo, useState } from 'react';
import {
  Badge,
  Button,
  Card,
  cn,
  FormError,
  FormField,
  Input,
  LockIcon,
  Select,
  Spinner,
  Warning,
} from '@/components/ui';
import { ApiError } from '@/lib/client/api';
import { settingsPending, useLock, useUpdateLock, type Lock, type LockChange } from '@/lib/client/devices';
import { LOCK_SETTING_KEYS, type LockSettings } from '@/lib/shared/devices/codes';
import { secondsError, SettingsGroups, type SettingValues } from './settings-groups';

const ZONES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

interface Form {
  /** the lock as the form was read: its revision is the one a save sends */
  base: Lock;
  name: string;
  timeZone: string;
  settings: SettingValues;
}

const formOf = (l: Lock): Form => ({
  base: l,
  name: l.name,
  timeZone: l.timeZone,
  settings: Object.fromEntries(
    Object.entries(l.deviceSettings).map(([k, v]) => [k, typeof v === 'boolean' ? v : String(v)]),
  ) as SettingValues,
});

/** What the form changed, as PATCH /my/lock wants it; null when a number is not valid. */
function changeOf(f: Form, resendPending: boolean): LockChange | null {
  const change: LockChange = { revision: f.base.revision };
  if (f.name.trim() !== f.base.name) change.name = f.name.trim();
  if (f.timeZone !== f.base.timeZone) change.timeZone = f.timeZone;
  const settings: Partial<Record<keyof LockSettings, boolean | number>> = {};
  for (const k of LOCK_SETTING_KEYS) {
    const v = f.settings[k];
    if (v === undefined) continue;
    if (typeof v === 'string' && secondsError(k, v)) return null;
    const value = typeof v === 'string' ? Number(v) : v;
    if (value !== (f.base.deviceSettings as Record<string, unknown>)[k]) settings[k] = value;
  }
  if (Object.keys(settings).length) change.deviceSettings = settings as Partial<LockSettings>;
  else if (resendPending) change.deviceSettings = { autoLockEnabled: f.base.deviceSettings.autoLockEnabled };
  return change;
}

type Outcome =
  | { kind: 'saved'; text: string }
  | { kind: 'conflict'; revision: number }
  | { kind: 'error'; text: string }
  | null;

/**
 * /devices/{id}/settings: the lock's name, time zone and device settings. A save sends only what
 * changed, with the revision the form was read at; changed settings wait for the lock ("waiting
 * for the lock…") and show the revision it confirmed; someone else's change in between is a
 * conflict with a reload. Read only, with the reason in words, for whom the policy refuses.
 */
export function LockSettingsTab({
  initial,
  manageRefusal,
  settingsNote = null,
}: {
  initial: Lock;
  manageRefusal: string | null;
  /** why its device settings cannot be changed here (its bridge lacks the capability), if so */
  settingsNote?: string | null;
}) {
  const q = useLock(initial.id, initial);
  const lock = q.data ?? initial;
  const update = useUpdateLock(lock.id);
  const [form, setForm] = useState<Form>(() => formOf(initial));
  const [outcome, setOutcome] = useState<Outcome>(null);
  const pending = settingsPending(lock);
  const change = useMemo(() => changeOf(form, false), [form]);
  const dirty = !!change && Object.keys(change).length > 1;
  const readOnly = manageRefusal !== null;

  const reload = (l: Lock) => {
    setForm(formOf(l));
    setOutcome(null);
  };

  async function save(resend = false) {
    const c = changeOf(form, resend);
    if (!c) return;
    setOutcome(null);
    try {
      const r = await update.mutateAsync(c);
      const fresh = (await q.refetch()).data ?? lock;
      reload(fresh);
      setOutcome({
        kind: 'saved',
        text: c.deviceSettings && r.targetDeviceRevision ? 'Saved; the lock confirmed the new settings.' : 'Saved.',
      });
    } catch (e) {
      const fresh = (await q.refetch()).data ?? lock;
      // a 409 with the lock at another revision than the form's: someone else saved first (a busy lock changes nothing)
      if (e instanceof ApiError && e.status === 409 && fresh.revision !== form.base.revision) {
        setOutcome({ kind: 'conflict', revision: fresh.revision });
        return;
      }
      // saved but not confirmed (408, 428 after saving): the form follows what was saved
      if (fresh.revision === c.revision + 1) setForm((f) => ({ ...f, base: fresh }));
      setOutcome({
        kind: 'error',
        text:
          e instanceof ApiError && e.status === 428
            ? `Lock offline: ${e.message}`
            : e instanceof Error
              ? e.message
              : 'The change failed.',
      });
    }
  }

  const set = (key: keyof LockSettings, v: boolean | string) =>
    setForm((f) => ({ ...f, settings: { ...f.settings, [key]: v } }));
  const sendsSettings = !!change?.deviceSettings;

  return (
    <div className="flex flex-col gap-4">
      {readOnly ? (
        <p
          className="flex items-start gap-2 rounded-md border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700"
          role="note"
        >
          <LockIcon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> {manageRefusal} You can see them here.
        </p>
      ) : null}
      <Card
        title="Name and time zone"
        description="Schedules of this lock’s accesses and PINs are judged in its time zone."
      >
        {readOnly ? (
          <p className="text-sm text-slate-800">
            {lock.name} · {lock.timeZone}
          </p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Name" error={form.name.trim() ? undefined : 'The lock needs a name'}>
              <Input
                value={form.name}
                maxLength={100}
                onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
              />
            </FormField>
            <FormField label="Time zone" hint="Where the lock is: “08:00–17:00” means 08:00–17:00 there.">
              <Select value={form.timeZone} onChange={(e) => setForm((f) => ({ ...f, timeZone: e.target.value }))}>
                {(ZONES.includes(form.timeZone) ? ZONES : [form.timeZone, ...ZONES]).map((z) => (
                  <option key={z} value={z}>
                    {z}
                  </option>
                ))}
              </Select>
            </FormField>
          </div>
        )}
      </Card>
      {settingsNote && !readOnly ? (
        <Warning>{settingsNote} Its name and time zone are the service’s: change them here.</Warning>
      ) : null}
      <SettingsGroups
        values={form.settings}
        present={lock.deviceSettings}
        onChange={set}
        readOnly={readOnly || settingsNote !== null}
      />
      {/* stays in view while there is something to save or to wait for */}
      <div
        className={cn(
          'flex flex-col gap-3 rounded-lg border border-slate-200 bg-white/95 p-4 shadow-sm backdrop-blur sm:flex-row sm:items-center sm:justify-between',
          (dirty || update.isPending) && 'sticky bottom-0',
        )}
      >
        <div role="status" aria-live="polite" className="min-h-7 min-w-0 flex-1 text-sm">
          <Status lock={lock} sending={update.isPending} sendsSettings={sendsSettings} outcome={outcome} />
        </div>
        {outcome?.kind === 'conflict' ? (
          <Button className="shrink-0" onClick={() => reload(lock)}>
            Reload their settings
          </Button>
        ) : readOnly ? null : (
          <div className="flex shrink-0 flex-wrap gap-2">
            {pending && !dirty ? (
              <Button variant="secondary" onClick={() => save(true)} loading={update.isPending}>
                Send again
              </Button>
            ) : null}
            <Button variant="secondary" disabled={!dirty || update.isPending} onClick={() => reload(lock)}>
              Discard changes
            </Button>
            <Button onClick={() => save()} disabled={!dirty || !form.name.trim()} loading={update.isPending}>
              Save
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}

function Status({
  lock,
  sending,
  sendsSettings,
  outcome,
}: {
  lock: Lock;
  sending: boolean;
  sendsSettings: boolean;
  outcome: Outcome;
}) {
  if (sending) {
    return (
      <span className="inline-flex items-center gap-2 text-slate-700">
        <Spinner /> {sendsSettings ? 'Waiting for the lock to confirm the new settings…' : 'Saving…'}
      </span>
    );
  }
  if (outcome?.kind === 'conflict') {
    return (
      <FormError>
        Someone else changed this lock’s settings while you were editing. Your changes were not saved: reload to see
        theirs, then make yours again.
      </FormError>
    );
  }
  if (outcome?.kind === 'error') return <Badge tone="problem">{outcome.text}</Badge>;
  if (settingsPending(lock)) {
    return (
      <Badge tone="warning">
        Waiting for the lock: the new settings are saved, the lock still works with its previous ones.
      </Badge>
    );
  }
  if (outcome?.kind === 'saved') return <Badge tone="ok">{outcome.text}</Badge>;
  return <span className="text-slate-600">The lock works with the settings shown.</span>;
}
