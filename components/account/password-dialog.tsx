'use client';

import { useState } from 'react';
import { Button, Dialog, FormField, Input } from '@/components/ui';
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
  const reauth = useReauthenticate();
  const [password, setPassword] = useState('');
  const [tried, setTried] = useState(false);
  const close = () => {
    setPassword('');
    setTried(false);
    reauth.reset();
    onClose();
  };
  const error =
    tried && !password
      ? 'Enter your password.'
      : reauth.error instanceof ApiError
        ? sentence(reauth.error.messages.join(' ').replace(/^password: /, ''))
        : reauth.error
          ? 'Could not check the password. Try again.'
          : null;
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Confirm your password"
      description={why}
      size="sm"
      dismissable={!reauth.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={reauth.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="confirm-password" loading={reauth.isPending}>
            Confirm
          </Button>
        </>
      }
    >
      <form
        id="confirm-password"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (!password || reauth.isPending) return;
          reauth.mutate(password, {
            onSuccess: () => {
              setPassword('');
              setTried(false);
              onConfirmed();
            },
          });
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
      </form>
    </Dialog>
  );
}
