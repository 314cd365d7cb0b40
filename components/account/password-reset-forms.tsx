'use client';

import { useState } from 'react';
import { Button, ButtonLink, PasswordField } from '@/components/ui';
import { apiFetch, apiMessage } from '@/lib/client/api';
import { Notice } from './auth-shell';
import { MailLinkForm } from './mail-link-form';

/** "Forgot password": the address; the answer is the same whether or not it has an account. */
export function ForgotPasswordForm({ initialEmail }: { initialEmail: string }) {
  return (
    <MailLinkForm
      path="/account/password/forgot"
      initialEmail={initialEmail}
      label="Send me a link"
      againLabel="Send the link again"
      autoFocus
      className="space-y-4"
    />
  );
}

/** The reset link's page: a new password, twice. */
export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<{ password?: string; again?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  // the access keys end with the reset unless the person keeps them on purpose
  const [keepKeys, setKeepKeys] = useState(false);

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const errs: typeof errors = {};
    if (password.length < 8) errs.password = 'Use at least 8 characters.';
    else if (password.length > 200) errs.password = 'Use at most 200 characters.';
    if (again !== password) errs.again = 'The two passwords are not the same.';
    setErrors(errs);
    if (errs.password || errs.again) return;
    setSending(true);
    setError(null);
    try {
      await apiFetch('/account/password/reset', {
        method: 'POST',
        body: { token, password, keepAccessKeys: keepKeys },
      });
      setDone(true);
    } catch (err) {
      setError(apiMessage(err));
      setSending(false);
    }
  }

  if (done)
    return (
      <div className="space-y-4">
        <Notice tone="success">
          Your password is changed, and you are signed out everywhere
          {keepKeys ? '' : '; your personal access keys no longer work'}. Sign in with the new password.
        </Notice>
        <ButtonLink href="/sign-in" variant="primary" className="w-full">
          Sign in
        </ButtonLink>
      </div>
    );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">
        Choose a new password for <strong className="break-words text-slate-900">{email}</strong>. Every session of the
        account ends.
      </p>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {/* for password managers: whose password this is */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        purpose="new"
        label="New password"
        hint="At least 8 characters."
        error={errors.password}
        autoFocus
        value={password}
        onValue={setPassword}
      />
      <PasswordField
        purpose="new"
        label="New password again"
        error={errors.again}
        name="password-again"
        value={again}
        onValue={setAgain}
      />
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input type="checkbox" className="mt-1" checked={keepKeys} onChange={(e) => setKeepKeys(e.target.checked)} />
        <span>
          Keep my personal access keys working. Leave this off if someone else may have used your account: every key
          then stops working.
        </span>
      </label>
      <Button type="submit" className="w-full" loading={sending}>
        {sending ? 'Saving…' : 'Set the new password'}
      </Button>
    </form>
  );
}
