'use client';

import { useEffect, useState } from 'react';
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
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setName(initial);
      setTouched(false);
      setServerError(null);
    }
  }, [open, initial]);
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
    <Dialog open={open} onClose={onClose} title={title} dismissable={!busy} size="sm">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <FormField label="Group name" required error={(touched && problem) || serverError}>
          <Input value={name} onChange={(e) => setName(e.target.value)} onBlur={() => setTouched(true)} maxLength={120} autoComplete="off" />
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
    </Dialog>
  );
}
