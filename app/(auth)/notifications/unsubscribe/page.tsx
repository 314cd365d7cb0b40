import type { Metadata } from 'next';
import { AuthShell, MailedLinkCard } from '@/components/account/auth-shell';
import { Unsubscribe } from '@/components/notifications/unsubscribe';

export const metadata: Metadata = { title: 'Stop notification mails' };

// /notifications/unsubscribe?token=: the link at the end of a notification mail (no sign-in needed)
export default async function UnsubscribePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const token = (await searchParams).token;
  return (
    <AuthShell title="Stop notification mails" subtitle="One click, no sign-in.">
      <MailedLinkCard token={token}>{(t) => <Unsubscribe token={t} />}</MailedLinkCard>
    </AuthShell>
  );
}
