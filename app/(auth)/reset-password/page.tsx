import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { AuthCard, AuthShell, Notice } from '@/components/account/auth-shell';
import { ResetPasswordForm } from '@/components/account/password-reset-forms';
import { loadResetPage } from '@/lib/domain/signup/pages';

export const metadata: Metadata = { title: 'Choose a new password' };

// /reset-password?token=: the link of the reset mail; whether it still works is said before asking for a password
export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const check = await loadResetPage((await searchParams).token);
  return (
    <AuthShell title="Choose a new password">
      <AuthCard>
        {check.ok ? (
          <ResetPasswordForm token={check.token} email={check.email} />
        ) : (
          <Notice tone="error">
            <p>{check.message}</p>
            <p className="mt-1">
              <Link href="/forgot-password" className="font-medium underline">
                Get a new link
              </Link>
            </p>
          </Notice>
        )}
      </AuthCard>
    </AuthShell>
  );
}
