'use client';

import { Link } from '@/components/ui/link';
import { useState } from 'react';
import { Button, ButtonLink } from '@/components/ui';
import { apiFetch, ApiError, apiMessage } from '@/lib/client/api';
import { Notice } from './auth-shell';

/**
 * The confirmation page's one button: the mailed token is used only when the person presses it
 * (a mail scanner that opens links must not spend a single-use link).
 */
export function ConfirmEmail({ token }: { token: string }) {
  const [state, setState] = useState<
    | { kind: 'idle' | 'sending' }
    | { kind: 'done'; email: string; next: string | null }
    | { kind: 'error'; message: string; final: boolean }
  >({ kind: 'idle' });

  async function confirm() {
    setState({ kind: 'sending' });
    try {
      const r = await apiFetch<{ email: string; next: string | null }>('/account/verify', {
        method: 'POST',
        body: { token },
      });
      setState({ kind: 'done', ...r });
    } catch (err) {
      // an unknown, used or expired link (404, 410) will not work on a second press; a network error may
      const final = err instanceof ApiError && (err.status === 404 || err.status === 410);
      setState({
        kind: 'error',
        final,
        message: apiMessage(err),
      });
    }
  }

  if (state.kind === 'done') {
    const signIn = `/sign-in?${new URLSearchParams({ ...(state.next ? { callbackUrl: state.next } : {}) })}`;
    return (
      <div className="space-y-4">
        <Notice tone="success">
          <strong className="break-words">{state.email}</strong> is confirmed. Your account is ready.
        </Notice>
        <ButtonLink href={signIn} variant="primary" className="w-full">
          {state.next ? 'Sign in and continue' : 'Sign in'}
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {state.kind === 'error' ? (
        <Notice tone="error">
          <p>{state.message}</p>
          <p className="mt-1">
            <Link href="/check-mail" className="font-medium underline">
              Ask for a new link
            </Link>
          </p>
        </Notice>
      ) : (
        <p className="text-sm text-slate-700">Press the button to confirm that this e-mail address is yours.</p>
      )}
      {state.kind === 'error' && state.final ? null : (
        <Button className="w-full" onClick={confirm} loading={state.kind === 'sending'} autoFocus>
          {state.kind === 'sending' ? 'Confirming…' : 'Confirm my e-mail address'}
        </Button>
      )}
    </div>
  );
}
