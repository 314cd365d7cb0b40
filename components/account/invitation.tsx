'use client';

import { signOut } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui';
import { apiFetch, apiMessage } from '@/lib/client/api';
import { Notice } from './auth-shell';

/** The invitation page's button for the invited, signed-in person. */
export function AcceptInvitation({ token }: { token: string }) {
  const router = useRouter();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function accept() {
    setSending(true);
    setError(null);
    try {
      const r = await apiFetch<{ deviceId: number; accepted: unknown[] }>('/account/invitation/accept', {
        method: 'POST',
        body: { token },
      });
      // one door: its page; several: Home, which lists them with the person's hours
      router.replace(r.accepted.length > 1 ? '/home' : `/devices/${r.deviceId}`);
      router.refresh();
    } catch (err) {
      setError(apiMessage(err));
      setSending(false);
    }
  }

  return (
    <div className="space-y-3">
      {error ? <Notice tone="error">{error}</Notice> : null}
      <Button className="w-full" onClick={accept} loading={sending} autoFocus>
        {sending ? 'Accepting…' : 'Accept the invitation'}
      </Button>
    </div>
  );
}

/** Signed in as someone else: sign out, then sign in with the invited address and come back. */
export function SwitchAccount({ back }: { back: string }) {
  return (
    <Button
      variant="secondary"
      className="w-full"
      onClick={() => signOut({ callbackUrl: `/sign-in?callbackUrl=${encodeURIComponent(back)}` })}
    >
      Sign out and use another account
    </Button>
  );
}
