'use client';

import { signIn } from 'next-auth/react';
import { Link } from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button, EmailField, FormError, PasswordField } from '@/components/ui';
import { isEmailAddress } from '@/lib/auth/email';
import { SECOND_FACTOR_PREFIX } from '@/lib/auth/second-step-words';
import { signInWithPasskey } from '@/lib/client/passkey-signin';
import { SecondStep } from './second-step';
import { UNREACHABLE } from '@/lib/client/words';

/** authorize's code for a right password of an account whose address is not confirmed (lib/auth/credentials.ts) */
const EMAIL_NOT_VERIFIED = 'EmailNotVerified';

const WRONG = 'E-mail or password is incorrect.';
const DEMO_PASSWORD = 'demo-password';

export interface SignInFormProps {
  callbackUrl: string;
  /** the demo keeps mail in its own mailbox (no SMTP server): say where */
  mailbox?: boolean;
  /** [e-mail, what the account can do]; shown with the demo password, a click fills the form */
  demoAccounts?: ReadonlyArray<readonly [string, string]>;
}

export function SignInForm({ callbackUrl, demoAccounts, mailbox }: SignInFormProps) {
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  // the password was right and the account has a second factor: the pending sign-in's token
  const [pending, setPending] = useState<string | null>(null);
  const done = () => {
    router.replace(callbackUrl);
    router.refresh();
  };

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const errs: typeof fieldErrors = {};
    if (!email.trim()) errs.email = 'Enter your e-mail address.';
    else if (!isEmailAddress(email.trim())) errs.email = 'Enter an e-mail address like name@example.com.';
    if (!password) errs.password = 'Enter your password.';
    setFieldErrors(errs);
    if (errs.email || errs.password) return;

    setSending(true);
    setError(null);
    try {
      const res = await signIn('credentials', { email: email.trim(), password, redirect: false, callbackUrl });
      if (res?.error === EMAIL_NOT_VERIFIED) {
        router.push(`/check-mail?email=${encodeURIComponent(email.trim())}`);
        return;
      }
      if (res?.error?.startsWith(SECOND_FACTOR_PREFIX)) {
        setPending(res.error.slice(SECOND_FACTOR_PREFIX.length));
        setPassword('');
        setSending(false);
        return;
      }
      if (!res || res.error || !res.ok) {
        // next-auth answers 401 with 'CredentialsSignin' for bad credentials; a sentence is our own
        // message (too many attempts); anything else is a server problem.
        const said = res?.error && res.error !== 'CredentialsSignin' && res.error.includes(' ') ? res.error : null;
        setError(
          said ??
            (res?.status === 401 || res?.error === 'CredentialsSignin'
              ? WRONG
              : 'Signing in failed. Please try again in a moment.'),
        );
        setSending(false);
        return;
      }
      done();
    } catch {
      setError(UNREACHABLE);
      setSending(false);
    }
  }

  async function onPasskey() {
    setSending(true);
    setError(null);
    try {
      const res = await signInWithPasskey(callbackUrl);
      if (res?.ok && !res.error) return done();
      setError('This passkey is not registered here, or could not be verified. Sign in with your password instead.');
    } catch (e) {
      setError(
        (e as Error).name === 'NotAllowedError'
          ? 'No passkey was used: the request was cancelled or timed out.'
          : 'Signing in with a passkey failed. Try again or use your password.',
      );
    }
    setSending(false);
  }

  if (pending)
    return (
      <SecondStep pendingToken={pending} callbackUrl={callbackUrl} onDone={done} onRestart={() => setPending(null)} />
    );

  return (
    <>
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <form
          onSubmit={onSubmit}
          noValidate
          className="space-y-4"
          aria-describedby={error ? 'sign-in-error' : undefined}
        >
          {error ? <FormError id="sign-in-error">{error}</FormError> : null}
          <EmailField error={fieldErrors.email} autoFocus value={email} onValue={setEmail} />
          <PasswordField
            purpose="current"
            label="Password"
            error={fieldErrors.password}
            value={password}
            onValue={setPassword}
          />
          <p className="-mt-2 text-right text-sm">
            <Link
              href={`/forgot-password${email.trim() ? `?email=${encodeURIComponent(email.trim())}` : ''}`}
              className="font-medium text-indigo-700 hover:underline"
            >
              Forgot your password?
            </Link>
          </p>
          <Button type="submit" className="w-full" loading={sending}>
            {sending ? 'Signing in…' : 'Sign in'}
          </Button>
        </form>
        <div className="mt-4 border-t border-slate-200 pt-4">
          <Button variant="secondary" className="w-full" onClick={onPasskey} disabled={sending}>
            Use a passkey
          </Button>
        </div>
      </div>
      <p className="mt-4 text-center text-sm text-slate-600">
        Invited by e-mail and no account yet?{' '}
        <Link
          href={callbackUrl !== '/devices' ? `/sign-up?callbackUrl=${encodeURIComponent(callbackUrl)}` : '/sign-up'}
          className="font-medium text-indigo-700 hover:underline"
        >
          Create an account
        </Link>
      </p>
      {mailbox ? (
        <p className="mt-2 text-center text-sm text-slate-600">
          Demo: mail stays in the{' '}
          <Link href="/mailbox" className="font-medium text-indigo-700 hover:underline">
            demo mailbox
          </Link>
          .
        </p>
      ) : null}
      {demoAccounts?.length ? (
        <DemoAccounts
          accounts={demoAccounts}
          onPick={(demoEmail) => {
            setEmail(demoEmail);
            setPassword(DEMO_PASSWORD);
            setFieldErrors({});
            setError(null);
          }}
        />
      ) : null}
    </>
  );
}

function DemoAccounts({
  accounts,
  onPick,
}: {
  accounts: ReadonlyArray<readonly [string, string]>;
  onPick: (email: string) => void;
}) {
  return (
    <section
      aria-labelledby="demo-title"
      className="mt-6 rounded-xl border border-indigo-100 bg-indigo-50/60 p-4 text-sm text-slate-700"
    >
      <h2 id="demo-title" className="font-semibold text-slate-900">
        Demo accounts
      </h2>
      <p className="mt-1">
        Password for all:{' '}
        <code className="rounded bg-white px-1.5 py-0.5 font-mono text-xs text-slate-900">{DEMO_PASSWORD}</code>. Pick
        one to fill in the form.
      </p>
      <ul className="mt-3 grid gap-1 sm:grid-cols-1">
        {accounts.map(([demoEmail, what]) => (
          <li key={demoEmail}>
            <button
              type="button"
              onClick={() => onPick(demoEmail)}
              className="w-full rounded-md px-2 py-1.5 text-left hover:bg-white"
            >
              <span className="block font-mono text-xs font-medium text-slate-900">{demoEmail}</span>
              <span className="block text-xs text-slate-600">{what}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
