import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { config } from '@/lib/config';
import { safeRedirectPath } from '@/lib/auth/safe-redirect';
import { sessionCtx } from '@/lib/auth/session';
import { demoMode } from '@/lib/config/env';
import { getMe } from '@/lib/domain/shell/me';
import { mailboxEnabled } from '@/lib/mail/config';
import { LockIcon } from '@/components/ui';
import { SignInForm } from './sign-in-form';

export const metadata: Metadata = { title: 'Sign in' };

const DEMO_ACCOUNTS = [
  ['owner@demo.test', 'organization owner, owns every device'],
  ['admin@demo.test', 'organization administrator'],
  ['member@demo.test', 'member, access through a group'],
  ['guest@demo.test', 'guest on a few locks'],
  ['outsider@demo.test', 'no access at all'],
] as const;

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  const callbackUrl = safeRedirectPath(sp.callbackUrl);
  // Already signed in (and the account still exists): go on instead of asking again.
  const ctx = await sessionCtx();
  if (
    ctx &&
    (await getMe(ctx).then(
      () => true,
      () => false,
    ))
  )
    redirect(callbackUrl);
  // the demo accounts and their password only in demo mode (the embedded demo, or DEMO=1)
  const showDemo = demoMode() && config().DEMO_HINT;

  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-3 rounded-xl bg-indigo-600 p-2.5 text-white shadow-sm">
            <LockIcon className="h-6 w-6" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Sign in to Smart-lock cloud</h1>
          <p className="mt-1 text-sm text-slate-600">Manage your locks, gates and who may open them.</p>
        </div>
        <SignInForm
          callbackUrl={callbackUrl}
          demoAccounts={showDemo ? DEMO_ACCOUNTS : undefined}
          mailbox={mailboxEnabled()}
        />
      </div>
    </main>
  );
}
