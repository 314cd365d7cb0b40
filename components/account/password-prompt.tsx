'use client';

import { useState } from 'react';
import { FormDialog, FormField, Input } from '@/components/ui';
import { ApiError } from '@/lib/client/api';

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Asks for the password to do one thing (remove a second factor, renew recovery codes): the
 * password goes with the request itself, and the server's answer decides.
 */
export function PasswordPrompt({
  open,
  title,
  why,
  confirmLabel,
  danger,
  onClose,
  run,
}: {
  open: boolean;
  title: string;
  why: string;
  confirmLabel: string;
  danger?: boolean;
  onClose: () => void;
  /** does the thing with the password; throws the API's error */
  run: (password: string) => Promise<unknown>;
}) {
  // mounted on open: the password starts empty each time
  return open ? (
    <Prompt title={title} why={why} confirmLabel={confirmLabel} danger={danger} onClose={onClose} run={run} />
  ) : null;
}

function Prompt({
  title,
  why,
  confirmLabel,
  danger,
  onClose,
  run,
}: {
  title: string;
  why: string;
  confirmLabel: string;
  danger?: boolean;
  onClose: () => void;
  run: (password: string) => Promise<unknown>;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function submit() {
    if (!password) {
      setError('Enter your password.');
      return false;
    }
    setError(null);
    try {
      await run(password);
    } catch (err) {
      // the answer is about the password: under the field
      setError(
        err instanceof ApiError
          ? sentence(err.messages.join(' ').replace(/^password: /, ''))
          : 'Something went wrong. Try again.',
      );
      return false;
    }
  }
  return (
    <FormDialog
      open
      onClose={onClose}
      title={title}
      description={why}
      submitLabel={confirmLabel}
      submitVariant={danger ? 'danger' : 'primary'}
      onSubmit={submit}
    >
      <FormField label="Password" error={error}>
        <Input
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
    </FormDialog>
  );
}
