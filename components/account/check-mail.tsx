'use client';

import { Link } from '@/components/ui/link';
import { MailIcon } from '@/components/ui';
import { Notice } from './auth-shell';
import { MailLinkForm } from './mail-link-form';

/** "Check your mail": what to do next, and a new link when the first did not come. */
export function CheckMail({ initialEmail, mailbox }: { initialEmail: string; mailbox: boolean }) {
  return (
    <div className="space-y-4">
      <div className="flex items-start gap-3 text-sm text-slate-700">
        <MailIcon className="mt-0.5 h-5 w-5 shrink-0 text-indigo-600" />
        <div className="space-y-2">
          <p>
            We sent a link to{' '}
            <strong className="break-words text-slate-900">{initialEmail || 'your e-mail address'}</strong>. Open it to
            confirm that the address is yours; then you can sign in.
          </p>
          <p>The link works once, for 24 hours. Nothing can be done with the account before that.</p>
        </div>
      </div>
      {mailbox ? (
        <Notice tone="info">
          This is the demo: no mail leaves the server. Open the{' '}
          <Link
            href={`/mailbox${initialEmail ? `?to=${encodeURIComponent(initialEmail)}` : ''}`}
            className="font-medium text-indigo-700 underline"
          >
            demo mailbox
          </Link>{' '}
          to read it.
        </Notice>
      ) : null}
      <MailLinkForm
        path="/account/verify/resend"
        initialEmail={initialEmail}
        label="Send a new link"
        variant="secondary"
        className="space-y-3 border-t border-slate-100 pt-4"
      >
        <h2 className="text-sm font-semibold text-slate-900">No mail after a few minutes?</h2>
        <p className="text-sm text-slate-600">
          Check the spam folder, then ask for a new link. The former link stops working.
        </p>
      </MailLinkForm>
    </div>
  );
}
