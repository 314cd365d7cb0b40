import { CheckIcon, FormError, InfoIcon, LockIcon } from '@/components/ui';
import { looksLikeEmailToken } from '@/lib/auth/token-shape';

/**
 * The frame of the pages around signing in (sign-in, sign-up, check your mail, confirmation,
 * password reset, invitation, the demo's mailbox): the lock mark, a title, a line, one card.
 */
export function AuthShell({
  title,
  subtitle,
  children,
  wide = false,
}: {
  title: string;
  subtitle?: React.ReactNode;
  children: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <div className={wide ? 'w-full max-w-3xl' : 'w-full max-w-sm'}>
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-3 rounded-xl bg-indigo-600 p-2.5 text-white shadow-sm">
            <LockIcon className="h-6 w-6" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
        </div>
        {children}
      </div>
    </main>
  );
}

export function AuthCard({ children }: { children: React.ReactNode }) {
  return <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">{children}</div>;
}

/**
 * The card of a page opened from a mailed link (`?token=`): what `children` makes of a whole token,
 * or, for a cut-off link, how to open it again.
 */
export function MailedLinkCard({
  token,
  children,
}: {
  token: string | string[] | undefined;
  children: (token: string) => React.ReactNode;
}) {
  return (
    <AuthCard>
      {looksLikeEmailToken(token) ? (
        children(token)
      ) : (
        <Notice tone="error">
          This link is not complete. Open the link from the mail again, or copy the whole address from it.
        </Notice>
      )}
    </AuthCard>
  );
}

const TONES = {
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-900', Icon: CheckIcon },
  info: { box: 'border-indigo-100 bg-indigo-50 text-slate-800', Icon: InfoIcon },
} as const;

/** A message in a card: errors are alerts (read out at once), the others are status. */
export function Notice({
  tone,
  children,
  id,
}: {
  tone: keyof typeof TONES | 'error';
  children: React.ReactNode;
  id?: string;
}) {
  // an error looks as every form's error does
  if (tone === 'error') return <FormError id={id}>{children}</FormError>;
  const { box, Icon } = TONES[tone];
  return (
    <div id={id} role="status" className={`flex items-start gap-2 rounded-md border px-3 py-2 text-sm ${box}`}>
      <Icon className="mt-0.5 h-4 w-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
