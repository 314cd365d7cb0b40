import { desc, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { normalizeEmail } from '@/lib/auth/email';
import { decryptSecret } from '@/lib/crypto/secrets';
import { isLoopbackHost, mailboxEnabled } from './config';

export interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  kind: string;
  created: string;
  /** the plain-text part (null when it can no longer be read) */
  text: string | null;
}

/**
 * The demo's mailbox (lib/mail/config.ts mailboxEnabled: the embedded demo on loopback, without
 * SMTP_URL; else null: the page is a 404), read by a browser on the same machine only (`reader`,
 * the client's address). Every mail the demo "sent", newest first, or those to one address: its
 * purpose is that a newcomer follows the link of their sign-up mail on their own machine.
 */
export async function loadMailbox(reader: string, to?: string, limit = 50): Promise<MailboxEntry[] | null> {
  // only a browser on this very machine reads it (the client address the server itself determined)
  if (!mailboxEnabled() || !isLoopbackHost(reader)) return null;
  const db = await getDb();
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(to ? sql`lower(${mailOutbox.toAddress}) = ${normalizeEmail(to)}` : undefined)
    .orderBy(desc(mailOutbox.created))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    to: r.toAddress,
    subject: r.subject,
    kind: r.kind,
    created: r.created.toISOString(),
    text: readText(r.bodyCiphertext, r.id),
  }));
}

function readText(box: string | null, id: string): string | null {
  if (!box) return null;
  try {
    return (JSON.parse(decryptSecret(box, 'mail_outbox', id)) as { text: string }).text;
  } catch {
    return null;
  }
}
