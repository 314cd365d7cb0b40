import { desc, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { normalizeEmail } from '@/lib/auth/email';
import { decryptSecret } from '@/lib/crypto/secrets';
import { mailboxEnabled } from './config';

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
 * The demo's mailbox (only in demo mode without SMTP_URL, else null: the page is a 404). Every
 * mail the demo "sent", newest first, or those to one address. In the demo anyone may read it:
 * that is its purpose (a newcomer follows the link of their sign-up mail); a deployment with real
 * mail never shows it.
 */
export async function loadMailbox(to?: string, limit = 50): Promise<MailboxEntry[] | null> {
  if (!mailboxEnabled()) return null;
  const db = await getDb();
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(to ? sql`lower(${mailOutbox.toAddress}) = ${normalizeEmail(to)}` : undefined)
    .orderBy(desc(mailOutbox.created))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, to: r.toAddress, subject: r.subject, kind: r.kind, created: r.created.toISOString(), text: readText(r.bodyCiphertext, r.id) }));
}

function readText(box: string | null, id: string): string | null {
  if (!box) return null;
  try {
    return (JSON.parse(decryptSecret(box, 'mail_outbox', id)) as { text: string }).text;
  } catch {
    return null;
  }
}
