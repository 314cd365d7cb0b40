'use client';

import { useState } from 'react';
import { Checkbox, FieldError, FormDialog, FormError, TextField } from '@/components/ui';
import { useRefusal } from '@/lib/client/use-refusal';
import type { NewKeyInput } from '@/lib/client/account';
import { SCOPE_GROUPS } from './scope-groups';
import { dateInput, fmtDate, maxExpiry } from './when';

const PRESETS = [30, 90, 365] as const;
type Expiry = (typeof PRESETS)[number] | 'custom';

interface Props {
  open: boolean;
  sending: boolean;
  serverError: unknown;
  /** Sends the key; the caller closes the dialog once it is made (a password may be asked first). */
  onSubmit: (input: NewKeyInput) => void;
  onClose: () => void;
}

/** Name, scopes (grouped, with what each allows) and expiry of a new key, checked before sending. */
export function CreateKeyDialog(props: Props) {
  // mounted on open: the fields start empty each time
  return props.open ? <CreateKeyForm {...props} /> : null;
}

function CreateKeyForm({ sending, serverError, onSubmit, onClose }: Props) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [expiry, setExpiry] = useState<Expiry>(90);
  const [custom, setCustom] = useState('');
  const [tried, setTried] = useState(false);
  const today = new Date();
  const min = new Date(today.getTime() + 86_400_000);
  const max = maxExpiry(today);

  const errors = {
    name: !name.trim()
      ? 'Give the key a name, e.g. what will use it.'
      : name.trim().length > 100
        ? 'At most 100 characters.'
        : null,
    scopes: scopes.length === 0 ? 'Choose at least one scope.' : null,
    custom:
      expiry !== 'custom'
        ? null
        : !custom
          ? 'Choose the last day the key works.'
          : custom < dateInput(min)
            ? 'Choose a day after today.'
            : custom > dateInput(max)
              ? `At most 5 years: until ${fmtDate(max.toISOString())}.`
              : null,
  };
  const invalid = Object.values(errors).some(Boolean);
  const show = (e: string | null) => (tried ? e : null);

  function submit() {
    setTried(true);
    if (invalid || sending) return false;
    const base = { name: name.trim(), scopes };
    // A custom date means "valid through that day" in the viewer's zone: end of the day, sent as UTC.
    onSubmit(
      expiry === 'custom'
        ? { ...base, validTo: new Date(`${custom}T23:59:59`).toISOString() }
        : { ...base, days: expiry },
    );
    return false;
  }

  const server = useRefusal(['name', 'scopes'] as const, serverError ?? null);
  const toggle = (s: string, on: boolean) => {
    setScopes((cur) => (on ? [...cur, s] : cur.filter((x) => x !== s)));
    server.edited('scopes');
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title="Create an access key"
      size="lg"
      submitLabel="Create key"
      pending={sending}
      onSubmit={submit}
    >
      <TextField
        label="Name"
        required
        error={show(errors.name) ?? server.byField.name}
        hint="Only you see it, in this list."
        value={name}
        maxLength={120}
        autoComplete="off"
        placeholder="e.g. Home Assistant"
        onValue={(v) => {
          setName(v);
          server.edited('name');
        }}
      />

      <fieldset aria-describedby={show(errors.scopes) || server.byField.scopes ? 'scopes-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800">
          Scopes
          <span className="ml-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        </legend>
        <p className="text-xs text-slate-600">Give the key only what it needs. Read/write includes read.</p>
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          {SCOPE_GROUPS.map((g) => (
            <div key={g.title} role="group" aria-label={g.title} className="rounded-md border border-slate-200 p-3">
              <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600">{g.title}</p>
              <div className="space-y-2">
                {g.scopes.map(({ scope, description }) => (
                  <Checkbox
                    key={scope}
                    id={`scope-${scope}`}
                    checked={scopes.includes(scope)}
                    onChange={(e) => toggle(scope, e.target.checked)}
                    label={<span className="font-mono text-[13px]">{scope}</span>}
                    hint={description}
                  />
                ))}
              </div>
            </div>
          ))}
        </div>
        {show(errors.scopes) || server.byField.scopes ? (
          <FieldError id="scopes-error" className="mt-2">
            {show(errors.scopes) ?? server.byField.scopes}
          </FieldError>
        ) : null}
      </fieldset>

      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Expires</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {[...PRESETS, 'custom' as const].map((p) => (
            <label key={p} className="flex cursor-pointer items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="expiry"
                className="h-4 w-4 accent-indigo-600"
                checked={expiry === p}
                onChange={() => setExpiry(p)}
              />
              {p === 'custom' ? 'Custom date' : p === 365 ? '1 year' : `${p} days`}
            </label>
          ))}
        </div>
        {expiry === 'custom' ? (
          <TextField
            label="Last day the key works"
            fieldClassName="mt-3 max-w-xs"
            error={show(errors.custom)}
            hint="Up to 5 years from today."
            type="date"
            value={custom}
            min={dateInput(min)}
            max={dateInput(max)}
            onValue={setCustom}
          />
        ) : null}
      </fieldset>

      <FormError error={server.general} />
    </FormDialog>
  );
}
