'use client';

import { useState } from 'react';
import { Checkbox, FormDialog, FormField, Select, Textarea } from '@/components/ui';
import type { StartLockdown } from '@/lib/client/lockdowns';
import { useOrgUsers, type MyOrganization } from '@/lib/client/organization';
import type { Site } from '@/lib/client/sites';

interface Props {
  open: boolean;
  org: MyOrganization;
  /** the sites the viewer may lock down */
  sites: Site[];
  /** the viewer may lock the whole organization down (its owner) */
  wholeOrganization: boolean;
  onClose: () => void;
  onSubmit: (body: StartLockdown) => Promise<unknown>;
}

/**
 * Starts a lockdown: where, why, and which administrators may still open. The dialog is the one
 * confirmation (issue 35): its button says what it does, and it is sent once.
 */
export function StartLockdownDialog(props: Props) {
  // mounted on open: each opening starts clean
  return props.open ? <StartForm {...props} /> : null;
}

const WHOLE = 'whole';

function StartForm({ org, sites, wholeOrganization, onClose, onSubmit }: Props) {
  const [scope, setScope] = useState<string>(sites[0] ? String(sites[0].id) : WHOLE);
  const [reason, setReason] = useState('');
  const [exempt, setExempt] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);
  const admins = useOrgUsers(org.id, { page: 1, itemsPerPage: 100, userTypes: [1] });
  const reasonProblem = !reason.trim()
    ? 'Say why, in a few words: everyone refused at a door reads it.'
    : reason.trim().length > 500
      ? 'At most 500 characters.'
      : null;
  const place =
    scope === WHOLE ? `all of ${org.name}` : (sites.find((s) => String(s.id) === scope)?.name ?? 'the site');
  const candidates = (admins.data ?? []).filter((p) => p.userId && p.status === 'active');

  async function submit() {
    setTouched(true);
    if (reasonProblem) return false;
    // a refusal (the server's words) stays in the dialog, in FormError
    await onSubmit({ siteId: scope === WHOLE ? null : Number(scope), reason: reason.trim(), exemptUserIds: exempt });
  }

  return (
    <FormDialog
      open
      title="Start a lockdown"
      description="Every lock of the place is sent the lock command at once. Until you lift the lockdown, nobody opens its doors from here, with an access link, a PIN or a phone, except the owner and the administrators you tick below."
      submitLabel={`Lock ${place} down`}
      submitVariant="danger"
      onClose={onClose}
      onSubmit={submit}
    >
      <FormField label="Where" required>
        <Select value={scope} onChange={(e) => setScope(e.target.value)}>
          {sites.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.name}
              {s.deviceCount ? ` (${s.deviceCount} ${s.deviceCount === 1 ? 'device' : 'devices'})` : ''}
            </option>
          ))}
          {wholeOrganization ? <option value={WHOLE}>The whole organization</option> : null}
        </Select>
      </FormField>
      <FormField
        label="Reason"
        required
        hint="Shown to everyone who is refused at a door, and in the mail to the administrators."
        error={touched ? reasonProblem : null}
      >
        <Textarea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          onBlur={() => setTouched(true)}
          maxLength={520}
          placeholder="e.g. Gas leak reported in the boiler room"
        />
      </FormField>
      {candidates.length ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Administrators who may still open</legend>
          {candidates.map((p) => (
            <Checkbox
              key={p.userId}
              label={p.displayName || p.email}
              hint={p.displayName ? p.email : undefined}
              checked={exempt.includes(p.userId!)}
              onChange={(e) =>
                setExempt((xs) => (e.target.checked ? [...xs, p.userId!] : xs.filter((x) => x !== p.userId)))
              }
            />
          ))}
          <p className="text-xs text-slate-500">
            The owner always may. Only administrators of this site can be chosen.
          </p>
        </fieldset>
      ) : null}
    </FormDialog>
  );
}
