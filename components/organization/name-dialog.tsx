'use client';

import { useState } from 'react';
import { Button, Dialog, FormField, Input } from '@/components/ui';

/** Asks for a group name (create or rename): inline checks first, then the server's answer. */
export function NameDialog({
  open,
  title,
  initial = '',
  submitLabel,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  initial?: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (name: string) => Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={onClose} title={title} dismissable={!busy} size="sm">
      {/* mounted on open: its state starts from `initial` each time, with no reset racing the typing */}
      <NameForm
        initial={initial}
        submitLabel={submitLabel}
        onClose={onClose}
        onSubmit={onSubmit}
        busy={busy}
        setBusy={setBusy}
      />
    </Dialog>
  );
}

function NameForm({
  initial,
  submitLabel,
  onClose,
  onSubmit,
  busy,
  setBusy,
}: {
  initial: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (name: string) => Promise<unknown>;
  busy: boolean;
  setBusy: (b: boolean) => void;
}) {
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problem = !name.trim() ? 'Enter a name.' : name.trim().length > 100 ? 'At most 100 characters.' : null;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (problem) return;
    setBusy(true);
    setServerError(null);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (err) {
      setServerError(err instanceof Error ? err.message : 'Saving failed.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <FormField label="Group name" required error={(touched && problem) || serverError}>
        <Input
          value={name}
          onChange={(e) => setName(e.target.value)}
          onBlur={() => setTouched(true)}
          maxLength={120}
          autoComplete="off"
        />
      </FormField>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
