'use client';

import { useState } from 'react';
import { Button, FormError, FormField, Input } from '@/components/ui';
import { ApiError } from '@/lib/client/api';
import { useChangePassword } from '@/lib/client/account';

type Field = 'currentPassword' | 'newPassword' | 'repeat';

/** Current password, new password twice; checked here first, then by the server. */
export function ChangePasswordForm({ onChanged }: { onChanged: (endedSessions: number) => void }) {
  const change = useChangePassword();
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: '', newPassword: '', repeat: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (f: Field) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [f]: e.target.value }));

  // the server names the field its message is about ("currentPassword: ...")
  const server =
    change.error instanceof ApiError
      ? change.error.messages
      : change.error
        ? ['Could not change the password. Try again.']
        : [];
  const about = (f: Field) => {
    const m = server.find((x) => x.startsWith(`${f}: `))?.slice(f.length + 2);
    return m && m.charAt(0).toUpperCase() + m.slice(1);
  };
  const general = server.filter((m) => !/^(currentPassword|newPassword): /.test(m));

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const errs: typeof errors = {};
    if (!values.currentPassword) errs.currentPassword = 'Enter your current password.';
    if (values.newPassword.length < 8) errs.newPassword = 'Use at least 8 characters.';
    else if (values.newPassword.length > 200) errs.newPassword = 'Use at most 200 characters.';
    if (values.repeat !== values.newPassword) errs.repeat = 'The two new passwords differ.';
    setErrors(errs);
    if (Object.keys(errs).length || change.isPending) return;
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: (res) => {
          setValues({ currentPassword: '', newPassword: '', repeat: '' });
          onChanged(res.endedSessions);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-sm space-y-4">
      {general.length ? <FormError>{general.join(' ')}</FormError> : null}
      <FormField label="Current password" error={errors.currentPassword ?? about('currentPassword')}>
        <Input
          type="password"
          name="current-password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={set('currentPassword')}
        />
      </FormField>
      <FormField label="New password" hint="At least 8 characters." error={errors.newPassword ?? about('newPassword')}>
        <Input
          type="password"
          name="new-password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set('newPassword')}
        />
      </FormField>
      <FormField label="New password again" error={errors.repeat}>
        <Input
          type="password"
          name="repeat-password"
          autoComplete="new-password"
          value={values.repeat}
          onChange={set('repeat')}
        />
      </FormField>
      <Button type="submit" loading={change.isPending}>
        Change password
      </Button>
    </form>
  );
}
