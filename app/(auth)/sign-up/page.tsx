import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { redirect } from 'next/navigation';
import { safeRedirectPath } from '@/lib/auth/safe-redirect';
import { sessionCtx } from '@/lib/auth/session';
import { getMe } from '@/lib/domain/shell/me';
import { LockIcon } from '@/components/ui';
import { SignUpForm } from './sign-up-form';

export const metadata: Metadata = { title: 'Create an account' };

// /sign-up: a new account, usable once its address is confirmed by mail; `callbackUrl` (an invitation) comes after
export default async function SignUpPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  const email = typeof sp.email === 'string' ? sp.email.slice(0, 320) : '';
  const next = sp.callbackUrl ? safeRedirectPath(sp.callbackUrl) : undefined;
  // Already signed in (and the account still exists): nothing to create.
  const ctx = await sessionCtx();
  if (
    ctx &&
    (await getMe(ctx).then(
      () => true,
      () => false,
    ))
  )
    redirect('/devices');
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-3 rounded-xl bg-indigo-600 p-2.5 text-white shadow-sm">
            <LockIcon className="h-6 w-6" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Create your account</h1>
          <p className="mt-1 text-sm text-slate-600">
            Invited to a door? Use the e-mail the invitation went to. We mail you a link to confirm it.
          </p>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <SignUpForm initialEmail={email} next={next} />
        </div>
        <p className="mt-4 text-center text-sm text-slate-600">
          Already have an account?{' '}
          <Link
            href={next ? `/sign-in?callbackUrl=${encodeURIComponent(next)}` : '/sign-in'}
            className="font-medium text-indigo-700 hover:underline"
          >
            Sign in
          </Link>
        </p>
      </div>
    </main>
  );
}
