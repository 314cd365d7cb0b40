'use client';

import { useState } from 'react';
import { FormDialog, FormField, Select, TextField } from '@/components/ui';
import { useRefusal } from '@/lib/client/use-refusal';
import type { SiteFields } from '@/lib/client/sites';

/** The zones this browser knows, as the lock settings offer them. */
const ZONES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

interface SiteDialogProps {
  open: boolean;
  title: string;
  initial: SiteFields;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (fields: SiteFields, changed: Partial<SiteFields>) => Promise<unknown>;
}

/**
 * Creates or edits a site: name, address, IANA time zone. Inline checks first, then the server's
 * answer next to the field it is about. `onSubmit` gets every field, and what changed from `initial`.
 */
export function SiteDialog(props: SiteDialogProps) {
  // mounted on open: the fields start from `initial` each time
  return props.open ? <SiteForm {...props} /> : null;
}

function SiteForm({ title, initial, submitLabel, onClose, onSubmit }: SiteDialogProps) {
  const [name, setName] = useState(initial.name);
  const [address, setAddress] = useState(initial.address ?? '');
  const [timeZone, setTimeZone] = useState(initial.timeZone);
  const [touched, setTouched] = useState(false);
  const nameProblem = !name.trim() ? 'Enter a name.' : name.trim().length > 100 ? 'At most 100 characters.' : null;
  const addressProblem = address.trim().length > 500 ? 'At most 500 characters.' : null;
  const server = useRefusal(['name', 'address', 'timeZone'] as const);

  async function submit() {
    setTouched(true);
    if (nameProblem || addressProblem) return false;
    const next: SiteFields = { name: name.trim(), address: address.trim() || null, timeZone };
    const changed: Partial<SiteFields> = {};
    if (next.name !== initial.name) changed.name = next.name;
    if (next.address !== (initial.address ?? null)) changed.address = next.address;
    if (next.timeZone !== initial.timeZone) changed.timeZone = next.timeZone;
    return server.send(() => onSubmit(next, changed));
  }

  return (
    <FormDialog open title={title} submitLabel={submitLabel} onClose={onClose} onSubmit={submit} error={server.general}>
      <TextField
        label="Site name"
        required
        error={(touched && nameProblem) || server.byField.name}
        value={name}
        onBlur={() => setTouched(true)}
        maxLength={120}
        autoComplete="off"
        placeholder="e.g. Office building"
        onValue={(v) => {
          setName(v);
          server.edited('name');
        }}
      />
      <TextField
        label="Address"
        hint="Optional."
        error={(touched && addressProblem) || server.byField.address}
        value={address}
        maxLength={520}
        autoComplete="street-address"
        placeholder="e.g. Main Street 1, Warsaw"
        onValue={(v) => {
          setAddress(v);
          server.edited('address');
        }}
      />
      <FormField
        label="Time zone"
        required
        hint="Where the building is. Devices added to this site later take this zone; devices already in it keep their own."
        error={server.byField.timeZone}
      >
        <Select
          value={timeZone}
          onChange={(e) => {
            setTimeZone(e.target.value);
            server.edited('timeZone');
          }}
        >
          {(ZONES.includes(timeZone) ? ZONES : [timeZone, ...ZONES]).map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </Select>
      </FormField>
    </FormDialog>
  );
}
