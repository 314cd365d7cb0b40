'use client';

import { useState } from 'react';
import { Button, Dialog, FormField, Input } from '@/components/ui';
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
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!password) return setError('Enter your password.');
    setBusy(true);
    setError(null);
    try {
      await run(password);
      setPassword('');
      onClose();
    } catch (err) {
      setError(
        err instanceof ApiError
          ? sentence(err.messages.join(' ').replace(/^password: /, ''))
          : 'Something went wrong. Try again.',
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      description={why}
      size="sm"
      dismissable={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="password-prompt" variant={danger ? 'danger' : 'primary'} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id="password-prompt" noValidate onSubmit={submit}>
        <FormField label="Password" error={error}>
          <Input
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
      </form>
    </Dialog>
  );
}
