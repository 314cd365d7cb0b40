'use client';

import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { AlertIcon, Button, FormField, Input } from '@/components/ui';

const WRONG = 'E-mail or password is incorrect.';

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const errs: typeof fieldErrors = {};
    if (!email.trim()) errs.email = 'Enter your e-mail address.';
    else if (!/^\S+@\S+\.\S+$/.test(email.trim())) errs.email = 'Enter an e-mail address like name@example.com.';
    if (!password) errs.password = 'Enter your password.';
    setFieldErrors(errs);
    if (errs.email || errs.password) return;

    setSending(true);
    setError(null);
    try {
      const res = await signIn('credentials', { email: email.trim(), password, redirect: false, callbackUrl });
      if (!res || res.error || !res.ok) {
        // next-auth answers 401 for bad credentials; anything else is a server problem.
        setError(res?.status === 401 || res?.error === 'CredentialsSignin' ? WRONG : 'Signing in failed. Please try again in a moment.');
        setSending(false);
        return;
      }
      router.replace(callbackUrl);
      router.refresh();
    } catch {
      setError('The server could not be reached. Check your connection and try again.');
      setSending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-describedby={error ? 'sign-in-error' : undefined}>
      {error ? (
        <div id="sign-in-error" role="alert" className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
          <span>{error}</span>
        </div>
      ) : null}
      <FormField label="E-mail" error={fieldErrors.email}>
        <Input type="email" name="email" autoComplete="username" autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
      </FormField>
      <FormField label="Password" error={fieldErrors.password}>
        <Input type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </FormField>
      <Button type="submit" className="w-full" loading={sending}>
        {sending ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}
