import { config } from '@/lib/config';
import { demoMode, isEmbedded, isLoopbackHost, listenHost, publicUrl } from '@/lib/config/env';
import { smtpUrlProblem } from '@/lib/config/schema';

/**
 * Mail settings (docs/security.md, "Mail"). SMTP_URL: where mail is sent, e.g.
 * smtps://user:pass@smtp.example.com:465 or smtp://localhost:25 (nodemailer's URL form). MAIL_FROM:
 * the sender, default "Smart Lock Cloud <no-reply@<public host>>". Links in mails are built from
 * the public URL (NEXTAUTH_URL, lib/config/env.ts), never from what a request says about itself.
 */
export const smtpUrl = (): string | null => config().SMTP_URL ?? null;

export function mailFrom(): string {
  return config().MAIL_FROM ?? `Smart Lock Cloud <no-reply@${publicUrl().hostname}>`;
}

/**
 * The demo keeps mail in the database and shows it on the Mailbox page: the embedded demo without
 * an SMTP server, listening on this machine only. Anywhere else (DATABASE_URL, DEMO=0, SMTP_URL,
 * HOST on another interface, a bare `next start` whose interface is unknown) the page does not
 * exist: it shows reset links and invitation tokens. `mailboxOffReason` says why, at start.
 */
export const mailboxEnabled = (): boolean => mailboxOffReason() === null;

export function mailboxOffReason(): string | null {
  if (!demoMode()) return 'not the demo';
  if (smtpUrl()) return 'mail goes out through SMTP_URL';
  if (!isEmbedded()) return 'DATABASE_URL is set (the mailbox belongs to the embedded demo alone)';
  const host = listenHost();
  if (!host || !isLoopbackHost(host))
    return `the server listens on ${host ? host : 'an interface it was not told of (start it with npm start)'}, not on this machine only`;
  return null;
}

export { isLoopbackHost };

/** An absolute link to `path` (and query) on the public URL. */
export function mailLink(path: string, query: Record<string, string> = {}): string {
  if (!path.startsWith('/') || path.startsWith('//')) throw new Error('mailLink takes a path starting with one /');
  const u = new URL(path, publicUrl());
  for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v);
  return u.toString();
}

/** SMTP_URL as nodemailer reads it, checked at start with the rest (lib/config/schema.ts). */
export { smtpUrlProblem };
