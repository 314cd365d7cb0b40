'use client';

import { useState } from 'react';
import { FormDialog, FormField, Input } from '@/components/ui';
import { ApiError } from '@/lib/client/api';
import { useReauthenticate } from '@/lib/client/account';

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Asks for the password again before a sensitive action (creating an access key more than 10
 * minutes after signing in): the server then counts the session as freshly signed in, and the
 * action is tried again (`onConfirmed`).
 */
export function PasswordDialog({
  open,
  onClose,
  onConfirmed,
  why,
}: {
  open: boolean;
  onClose: () => void;
  onConfirmed: () => void;
  why: string;
}) {
  // mounted on open: the password and the last answer start empty each time
  return open ? <Ask onClose={onClose} onConfirmed={onConfirmed} why={why} /> : null;
}

function Ask({ onClose, onConfirmed, why }: { onClose: () => void; onConfirmed: () => void; why: string }) {
  const reauth = useReauthenticate();
  const [password, setPassword] = useState('');
  const [tried, setTried] = useState(false);
  const error =
    tried && !password
      ? 'Enter your password.'
      : reauth.error instanceof ApiError
        ? sentence(reauth.error.messages.join(' ').replace(/^password: /, ''))
        : reauth.error
          ? 'Could not check the password. Try again.'
          : null;
  return (
    <FormDialog
      open
      onClose={onClose}
      title="Confirm your password"
      description={why}
      submitLabel="Confirm"
      pending={reauth.isPending}
      onSubmit={async () => {
        setTried(true);
        if (!password) return false;
        // the answer is about the password: under the field (reauth.error), the dialog stays
        const ok = await reauth.mutateAsync(password).then(
          () => true,
          () => false,
        );
        // onConfirmed closes it (and tries the action again)
        if (ok) onConfirmed();
        return false;
      }}
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
