import { randomUUID } from 'node:crypto';
import type { Db } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { isEmailAddress } from '@/lib/auth/email';
import { encryptSecret } from '@/lib/crypto/secrets';

export { mailLink, mailboxEnabled, smtpUrl } from './config';
export { renderMail, escapeHtml, type MailContent } from './message';

/**
 * Mail (docs/security.md, "Mail"). A mail is queued with `enqueueMail` in the transaction of the
 * change that causes it (transactional outbox: a rolled-back change sends nothing, a committed one
 * always sends); the mail worker (./worker.ts) sends it through SMTP_URL with retries. Without
 * SMTP_URL in demo mode the mail stays in the outbox and the Mailbox page shows it.
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** what the mail is about: 'verify', 'reset', 'device-invite', 'org-invite', 'notice' ... */
  kind: string;
  /** the organization the mail speaks for: its name leads the subject */
  organizationName?: string | null;
  /** files it carries (a report's CSV), kept encrypted with the body until sent */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROL_RUNS = /[\r\n\t\u0000-\u001f\u007f]+/g;

/** One line, bounded: a subject never carries a line break (header injection) or a novel. */
export function subjectLine(subject: string, organizationName?: string | null): string {
  const s = organizationName ? `${organizationName}: ${subject}` : subject;
  return s.replace(CONTROL_RUNS, ' ').trim().slice(0, 200);
}

/** Queues a mail in `tx` (the caller's transaction); returns the outbox row's id. */
export async function enqueueMail(tx: Db, mail: OutgoingMail, now: Date = new Date()): Promise<string> {
  const to = mail.to.trim();
  if (!isEmailAddress(to)) throw new Error('enqueueMail: not an e-mail address');
  const id = randomUUID();
  await tx.insert(mailOutbox).values({
    id,
    kind: mail.kind,
    toAddress: to,
    subject: subjectLine(mail.subject, mail.organizationName),
    bodyCiphertext: encryptSecret(
      JSON.stringify({
        text: mail.text,
        html: mail.html,
        ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
      }),
      'mail_outbox',
      id,
    ),
    created: now,
    nextAttemptAt: now,
  });
  return id;
}
