'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button, EmailField, FormError, PasswordField, TextField } from '@/components/ui';
import { isEmailAddress } from '@/lib/auth/email';
import { apiFetch, messagesByField } from '@/lib/client/api';

type Errors = Partial<Record<'email' | 'password' | 'displayName', string>>;

/**
 * Creates the account through the public API, then says to check the mail: the account works once
 * its address is confirmed. `next` (e.g. an invitation) is where the confirmation leads after sign-in.
 */
export function SignUpForm({ initialEmail, next }: { initialEmail: string; next?: string }) {
  const router = useRouter();
  const [email, setEmail] = useState(initialEmail);
  const [displayName, setDisplayName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const errs: Errors = {};
    if (!isEmailAddress(email.trim())) errs.email = 'Enter an e-mail address like name@example.com.';
    if (!displayName.trim()) errs.displayName = 'Enter your name, as others will see it.';
    if (password.length < 8) errs.password = 'Use at least 8 characters.';
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setSending(true);
    setError(null);
    try {
      const r = await apiFetch<{ email: string }>('/account/register', {
        method: 'POST',
        body: { email: email.trim(), password, displayName: displayName.trim(), ...(next ? { next } : {}) },
      });
      router.push(`/check-mail?email=${encodeURIComponent(r.email)}`);
    } catch (err) {
      // "displayName: …" is said under the name, as the checks above are
      const server = messagesByField(err, ['email', 'password', 'displayName'] as const);
      setErrors(server.byField);
      setError(server.general);
      setSending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormError error={error} />
      <EmailField error={errors.email} value={email} onValue={setEmail} />
      <TextField
        label="Your name"
        error={errors.displayName}
        name="name"
        autoComplete="name"
        value={displayName}
        onValue={setDisplayName}
      />
      <PasswordField
        purpose="new"
        label="Password"
        hint="At least 8 characters."
        error={errors.password}
        value={password}
        onValue={setPassword}
      />
      <Button type="submit" className="w-full" loading={sending}>
        {sending ? 'Creating account…' : 'Create account'}
      </Button>
    </form>
  );
}
