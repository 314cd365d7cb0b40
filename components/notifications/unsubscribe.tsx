'use client';

import { useState } from 'react';
import { Button, ButtonLink } from '@/components/ui';
import { Notice } from '@/components/account/auth-shell';
import { apiFetch, ApiError } from '@/lib/client/api';

/**
 * The unsubscribe page's one button: the mailed token is used only when the person presses it (a
 * mail scanner that opens links must not turn mails off). No sign-in: the link is the proof.
 */
export function Unsubscribe({ token }: { token: string }) {
  const [state, setState] = useState<
    { kind: 'idle' | 'sending' } | { kind: 'done'; label: string } | { kind: 'error'; message: string; final: boolean }
  >({ kind: 'idle' });

  async function confirm() {
    setState({ kind: 'sending' });
    try {
      const r = await apiFetch<{ kind: string; label: string }>('/notification/unsubscribe', {
        method: 'POST',
        body: { token },
      });
      setState({ kind: 'done', label: r.label });
    } catch (err) {
      const final = err instanceof ApiError && err.status === 404;
      setState({
        kind: 'error',
        final,
        message: final
          ? 'This link is unknown or older than 90 days. Choose your mails in Settings > Notifications instead.'
          : err instanceof ApiError
            ? err.messages.join(' ')
            : 'Cannot reach the server. Check your connection and try again.',
      });
    }
  }

  if (state.kind === 'done')
    return (
      <div className="space-y-4">
        <Notice tone="success">
          Done: you get no more &ldquo;{state.label}&rdquo; mails, for any device. Other notification mails still come.
        </Notice>
        <ButtonLink href="/settings/notifications" variant="secondary" className="w-full">
          Choose your notification mails
        </ButtonLink>
      </div>
    );
  return (
    <div className="space-y-4">
      {state.kind === 'error' ? (
        <Notice tone="error">{state.message}</Notice>
      ) : (
        <p className="text-sm text-slate-700">
          Press the button to stop this kind of notification mail. You can turn it on again in Settings &gt;
          Notifications.
        </p>
      )}
      {state.kind === 'error' && state.final ? null : (
        <Button className="w-full" onClick={confirm} loading={state.kind === 'sending'} autoFocus>
          {state.kind === 'sending' ? 'Turning off…' : 'Stop these mails'}
        </Button>
      )}
    </div>
  );
}
