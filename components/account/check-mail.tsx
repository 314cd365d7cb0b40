'use client';

import { Link } from '@/components/ui/link';
import { useState } from 'react';
import { Button, FormField, Input, MailIcon } from '@/components/ui';
import { isEmailAddress } from '@/lib/auth/email';
import { apiFetch, ApiError } from '@/lib/client/api';
import { Notice } from './auth-shell';

/** "Check your mail": what to do next, and a new link when the first did not come. */
export function CheckMail({ initialEmail, mailbox }: { initialEmail: string; mailbox: boolean }) {
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function resend(e: React.FormEvent) {
    e.preventDefault();
    if (!isEmailAddress(email.trim())) return setFieldError('Enter an e-mail address like name@example.com.');
    setFieldError(null);
    setSending(true);
    setError(null);
    setSent(null);
    try {
      const r = await apiFetch<{ message: string }>('/account/verify/resend', {
        method: 'POST',
        body: { email: email.trim() },
      });
      setSent(r.message);
    } catch (err) {
      setError(
        err instanceof ApiError
          ? err.messages.join(' ')
          : 'The server could not be reached. Check your connection and try again.',
      );
    } finally {
      setSending(false);
    }
  }

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
      <form onSubmit={resend} noValidate className="space-y-3 border-t border-slate-100 pt-4">
        <h2 className="text-sm font-semibold text-slate-900">No mail after a few minutes?</h2>
        <p className="text-sm text-slate-600">
          Check the spam folder, then ask for a new link. The former link stops working.
        </p>
        {sent ? <Notice tone="success">{sent}</Notice> : null}
        {error ? <Notice tone="error">{error}</Notice> : null}
        <FormField label="E-mail" error={fieldError ?? undefined}>
          <Input
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </FormField>
        <Button type="submit" variant="secondary" className="w-full" loading={sending}>
          {sending ? 'Sending...' : 'Send a new link'}
        </Button>
      </form>
    </div>
  );
}
