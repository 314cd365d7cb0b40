'use client';

import { useState } from 'react';
import { Button, type ButtonVariant, EmailField } from '@/components/ui';
import { isEmailAddress } from '@/lib/auth/email';
import { apiFetch, apiMessage } from '@/lib/client/api';
import { Notice } from './auth-shell';

/**
 * An e-mail address sent to `path` for a link (a new confirmation link, a password reset): the
 * address checked here first, then the server's answer shown as it words it (the same whether or
 * not the address has an account).
 */
export function MailLinkForm({
  path,
  initialEmail,
  label,
  againLabel = label,
  autoFocus,
  variant = 'primary',
  className,
  children,
}: {
  path: string;
  initialEmail: string;
  /** the button's words */
  label: string;
  /** its words once a link was sent */
  againLabel?: string;
  autoFocus?: boolean;
  variant?: ButtonVariant;
  className?: string;
  /** what stands above the answer and the field (a heading, what to try first) */
  children?: React.ReactNode;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (!isEmailAddress(email.trim())) return setFieldError('Enter an e-mail address like name@example.com.');
    setFieldError(null);
    setSending(true);
    setError(null);
    try {
      setSent((await apiFetch<{ message: string }>(path, { method: 'POST', body: { email: email.trim() } })).message);
    } catch (err) {
      setSent(null);
      setError(apiMessage(err));
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className={className}>
      {children}
      {sent ? <Notice tone="success">{sent}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <EmailField error={fieldError ?? undefined} autoFocus={autoFocus} value={email} onValue={setEmail} />
      <Button type="submit" variant={variant} className="w-full" loading={sending}>
        {sending ? 'Sending…' : sent ? againLabel : label}
      </Button>
    </form>
  );
}
