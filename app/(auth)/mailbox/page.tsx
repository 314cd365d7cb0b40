import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { AuthShell, Notice } from '@/components/account/auth-shell';
import { InboxIcon } from '@/components/ui';
import { loadMailbox } from '@/lib/mail/mailbox';
import { headers } from 'next/headers';
import { clientAddress } from '@/lib/http/client-address';

export const metadata: Metadata = { title: 'Demo mailbox' };

const LINK = /(https?:\/\/[^\s]+)/g;

/** The plain-text part with its links clickable (the text is shown as text; nothing is rendered as HTML). */
function Body({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap break-words text-sm text-slate-800">
      {text.split(LINK).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="break-all font-medium text-indigo-700 underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

// /mailbox: the demo's mail (demo mode without SMTP_URL only; 404 anywhere else)
export default async function MailboxPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  const to = typeof sp.to === 'string' && sp.to.length <= 320 ? sp.to : undefined;
  const mails = await loadMailbox(clientAddress(await headers()), to);
  if (!mails) notFound();
  return (
    <AuthShell
      title="Demo mailbox"
      subtitle="Mail the demo would have sent. Without an SMTP server (SMTP_URL) it stays here."
      wide
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
        <span>
          {to ? (
            <>
              Mail to <strong className="text-slate-900">{to}</strong>
            </>
          ) : (
            'All mail, newest first'
          )}{' '}
          ({mails.length})
        </span>
        <span className="flex gap-4">
          {to ? (
            <Link href="/mailbox" className="font-medium text-indigo-700 hover:underline">
              Show all mail
            </Link>
          ) : null}
          <Link href="/sign-in" className="font-medium text-indigo-700 hover:underline">
            Sign in
          </Link>
        </span>
      </div>
      {mails.length === 0 ? (
        <Notice tone="info">
          No mail yet. Create an account, or share a device with an e-mail address, and the mail appears here.
        </Notice>
      ) : (
        <ol className="space-y-4" aria-label="Mails">
          {mails.map((m) => (
            <li key={m.id}>
              <article
                aria-labelledby={`mail-${m.id}`}
                className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
              >
                <header className="mb-3 flex flex-wrap items-start justify-between gap-2 border-b border-slate-100 pb-3">
                  <div className="min-w-0">
                    <h2 id={`mail-${m.id}`} className="flex items-center gap-2 font-semibold text-slate-900">
                      <InboxIcon className="h-4 w-4 shrink-0 text-indigo-600" />
                      {m.subject}
                    </h2>
                    <p className="mt-0.5 break-all text-xs text-slate-600">To: {m.to}</p>
                  </div>
                  <time dateTime={m.created} className="text-xs text-slate-500">
                    {new Date(m.created).toISOString().replace('T', ' ').slice(0, 16)} UTC
                  </time>
                </header>
                {m.text ? (
                  <Body text={m.text} />
                ) : (
                  <p className="text-sm italic text-slate-500">The content of this mail is no longer kept.</p>
                )}
              </article>
            </li>
          ))}
        </ol>
      )}
    </AuthShell>
  );
}
