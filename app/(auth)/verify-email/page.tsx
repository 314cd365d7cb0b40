import type { Metadata } from 'next';
import { AuthShell, MailedLinkCard } from '@/components/account/auth-shell';
import { ConfirmEmail } from '@/components/account/token-action';

export const metadata: Metadata = { title: 'Confirm your e-mail address' };

// /verify-email?token=: the link of the sign-up mail
export default async function VerifyEmailPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const token = (await searchParams).token;
  return (
    <AuthShell title="Confirm your e-mail address" subtitle="The last step of creating your account.">
      <MailedLinkCard token={token}>{(t) => <ConfirmEmail token={t} />}</MailedLinkCard>
    </AuthShell>
  );
}
