'use client';

import { signIn } from 'next-auth/react';
import { useState } from 'react';
import { Button, FormError, TextField } from '@/components/ui';
import { signInWithPasskey } from '@/lib/client/passkey-signin';
import { UNREACHABLE } from '@/lib/client/words';

/**
 * The second step of signing in, for an account with a second factor: a code from the
 * authenticator app or a recovery code, or one of the account's passkeys. `pendingToken` is the
 * password step's answer; it lasts 5 minutes.
 */
export function SecondStep({
  pendingToken,
  callbackUrl,
  onDone,
  onRestart,
}: {
  pendingToken: string;
  callbackUrl: string;
  onDone: () => void;
  onRestart: () => void;
}) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function finish(res: Awaited<ReturnType<typeof signIn>> | undefined) {
    if (res?.ok && !res.error) return onDone();
    const said = res?.error && res.error !== 'CredentialsSignin' && res.error.includes(' ') ? res.error : null;
    setError(
      said ??
        (recovery
          ? 'This recovery code is wrong or was used already.'
          : 'The code is wrong or expired. Enter the current code from your app.'),
    );
    setSending(false);
  }

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const c = code.trim();
    if (!c)
      return setError(
        recovery ? 'Enter one of your recovery codes.' : 'Enter the 6-digit code from your authenticator app.',
      );
    setSending(true);
    setError(null);
    try {
      await finish(await signIn('second-factor', { pendingToken, code: c, redirect: false, callbackUrl }));
    } catch {
      setError(UNREACHABLE);
      setSending(false);
    }
  }

  async function usePasskey() {
    setSending(true);
    setError(null);
    try {
      await finish(await signInWithPasskey(callbackUrl, pendingToken));
    } catch (e) {
      setError(
        (e as Error).name === 'NotAllowedError'
          ? 'No passkey was used: the request was cancelled or timed out.'
          : (e as Error).message || 'Signing in with a passkey failed.',
      );
      setSending(false);
    }
  }

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-base font-semibold text-slate-900">Two-step verification</h2>
      <p className="mt-1 text-sm text-slate-600">
        {recovery
          ? 'Enter one of the recovery codes you saved. Each works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
        <FormError error={error} />
        <TextField
          label={recovery ? 'Recovery code' : 'Code'}
          name="code"
          autoFocus
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 40 : 7}
          className="font-mono tracking-widest"
          value={code}
          onValue={setCode}
        />
        <Button type="submit" className="w-full" loading={sending}>
          Verify
        </Button>
      </form>
      <div className="mt-4 space-y-2 border-t border-slate-200 pt-4 text-sm">
        <Button variant="secondary" className="w-full" onClick={usePasskey} disabled={sending}>
          Use a passkey instead
        </Button>
        <div className="flex justify-between">
          <button
            type="button"
            className="font-medium text-indigo-700 hover:underline"
            onClick={() => (setRecovery(!recovery), setCode(''), setError(null))}
          >
            {recovery ? 'Use a code from the app' : 'Use a recovery code'}
          </button>
          <button type="button" className="text-slate-600 hover:underline" onClick={onRestart}>
            Start over
          </button>
        </div>
      </div>
    </div>
  );
}
