import type { Metadata } from 'next';
import { AuthCard, AuthShell, Notice } from '@/components/account/auth-shell';
import { ConfirmEmail } from '@/components/account/token-action';
import { looksLikeEmailToken } from '@/lib/auth/email-tokens';

export const metadata: Metadata = { title: 'Confirm your e-mail address' };

// /verify-email?token=: the link of the sign-up mail
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = (await searchParams).token;
  return (
    <AuthShell title="Confirm your e-mail address" subtitle="The last step of creating your account.">
      <AuthCard>
        {looksLikeEmailToken(token) ? (
          <ConfirmEmail token={token} />
        ) : (
          <Notice tone="error">This link is not complete. Open the link from the mail again, or copy the whole address from it.</Notice>
        )}
      </AuthCard>
    </AuthShell>
  );
}
