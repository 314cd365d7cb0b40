import type { Metadata } from 'next';
import { AuthCard, AuthShell, Notice } from '@/components/account/auth-shell';
import { Unsubscribe } from '@/components/notifications/unsubscribe';
import { looksLikeEmailToken } from '@/lib/auth/email-tokens';

export const metadata: Metadata = { title: 'Stop notification mails' };

// /notifications/unsubscribe?token=: the link at the end of a notification mail (no sign-in needed)
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = (await searchParams).token;
  return (
    <AuthShell title="Stop notification mails" subtitle="One click, no sign-in.">
      <AuthCard>
        {looksLikeEmailToken(token) ? (
          <Unsubscribe token={token} />
        ) : (
          <Notice tone="error">This link is not complete. Open the link from the mail again, or copy the whole address from it.</Notice>
        )}
      </AuthCard>
    </AuthShell>
  );
}
