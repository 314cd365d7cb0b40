'use client';

import { startAuthentication } from '@simplewebauthn/browser';
import { signIn } from 'next-auth/react';
import { apiFetch } from './api';

/**
 * Signs in with a passkey: a challenge from the server (any passkey of this site, or only the
 * pending sign-in's user's), the browser's authenticator, then next-auth's `passkey` provider
 * checks the answer and starts the session.
 */
export async function signInWithPasskey(callbackUrl: string, pendingToken?: string) {
  const { challengeId, options } = await apiFetch<{
    challengeId: string;
    options: Parameters<typeof startAuthentication>[0]['optionsJSON'];
  }>('/account/passkey/options', {
    method: 'POST',
    body: pendingToken ? { pendingToken } : {},
  });
  const response = await startAuthentication({ optionsJSON: options });
  return signIn('passkey', {
    challengeId,
    response: JSON.stringify(response),
    ...(pendingToken ? { pendingToken } : {}),
    redirect: false,
    callbackUrl,
  });
}
