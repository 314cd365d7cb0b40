import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { AuthCard, AuthShell } from '@/components/account/auth-shell';
import { ForgotPasswordForm } from '@/components/account/password-reset-forms';

export const metadata: Metadata = { title: 'Forgot your password' };

// /forgot-password: a link to choose a new password, by mail
export default async function ForgotPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  const email = typeof sp.email === 'string' ? sp.email.slice(0, 320) : '';
  return (
    <AuthShell title="Forgot your password?" subtitle="We mail you a link to choose a new one. It works for 1 hour.">
      <AuthCard>
        <ForgotPasswordForm initialEmail={email} />
      </AuthCard>
      <p className="mt-4 text-center text-sm text-slate-600">
        Remembered it?{' '}
        <Link href="/sign-in" className="font-medium text-indigo-700 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthShell>
  );
}
