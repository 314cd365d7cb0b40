'use client';

import { useState } from 'react';
import { Button, FormError, PasswordField } from '@/components/ui';
import { messagesByField } from '@/lib/client/api';
import { useChangePassword } from '@/lib/client/account';

type Field = 'currentPassword' | 'newPassword' | 'repeat';

/** Current password, new password twice; checked here first, then by the server. */
export function ChangePasswordForm({ onChanged }: { onChanged: (endedSessions: number) => void }) {
  const change = useChangePassword();
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: '', newPassword: '', repeat: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (f: Field) => (value: string) => setValues((v) => ({ ...v, [f]: value }));

  // the server names the field its message is about ("currentPassword: ..."): said under that field
  const server = messagesByField(change.error, ['currentPassword', 'newPassword'] as const);
  const about = (f: 'currentPassword' | 'newPassword') => server.byField[f];

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
      <FormError error={server.general} />
      <PasswordField
        purpose="current"
        label="Current password"
        error={errors.currentPassword ?? about('currentPassword')}
        name="current-password"
        value={values.currentPassword}
        onValue={set('currentPassword')}
      />
      <PasswordField
        purpose="new"
        label="New password"
        hint="At least 8 characters."
        error={errors.newPassword ?? about('newPassword')}
        name="new-password"
        value={values.newPassword}
        onValue={set('newPassword')}
      />
      <PasswordField
        purpose="new"
        label="New password again"
        error={errors.repeat}
        name="repeat-password"
        value={values.repeat}
        onValue={set('repeat')}
      />
      <Button type="submit" loading={change.isPending}>
        Change password
      </Button>
    </form>
  );
}
