'use client';

import { useReauthenticate } from '@/lib/client/account';
import { PasswordPrompt } from './password-prompt';

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
  const reauth = useReauthenticate();
  return (
    <PasswordPrompt
      open={open}
      title="Confirm your password"
      why={why}
      confirmLabel="Confirm"
      onClose={onClose}
      run={(password) => reauth.mutateAsync(password)}
      onDone={onConfirmed}
    />
  );
}
