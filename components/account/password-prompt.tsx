'use client';

import { useState } from 'react';
import { FormDialog, PasswordField } from '@/components/ui';
import { messageFor } from '@/lib/client/api';

export interface PasswordPromptProps {
  open: boolean;
  title: string;
  why: string;
  confirmLabel: string;
  danger?: boolean;
  onClose: () => void;
  /** does the thing with the password; throws the API's error */
  run: (password: string) => Promise<unknown>;
  /** After `run` succeeded, instead of closing (the caller closes it, e.g. to try its action again). */
  onDone?: () => void;
}

/**
 * Asks for the password to do one thing (remove a second factor, renew recovery codes, count the
 * session as freshly signed in): the password goes with the request itself, and the server's
 * answer decides. What it says about the password stands under the field.
 */
export function PasswordPrompt(props: PasswordPromptProps) {
  // mounted on open: the password starts empty each time
  return props.open ? <Prompt {...props} /> : null;
}

function Prompt({ title, why, confirmLabel, danger, onClose, run, onDone }: PasswordPromptProps) {
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
      setError(messageFor(err, 'password'));
      return false;
    }
    if (!onDone) return;
    onDone();
    return false;
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
      <PasswordField purpose="current" label="Password" error={error} value={password} onValue={setPassword} />
    </FormDialog>
  );
}
