import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { AuthCard, AuthShell } from '@/components/account/auth-shell';
import { CheckMail } from '@/components/account/check-mail';
import { mailboxEnabled } from '@/lib/mail/config';

export const metadata: Metadata = { title: 'Check your mail' };

// /check-mail: after sign-up, and for an account not yet confirmed that tried to sign in
export default async function CheckMailPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  const email = typeof sp.email === 'string' ? sp.email.slice(0, 320) : '';
  return (
    <AuthShell title="Check your mail" subtitle="One more step to finish your account.">
      <AuthCard>
        <CheckMail initialEmail={email} mailbox={mailboxEnabled()} />
      </AuthCard>
      <p className="mt-4 text-center text-sm text-slate-600">
        Already confirmed?{' '}
        <Link href="/sign-in" className="font-medium text-indigo-700 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthShell>
  );
}
