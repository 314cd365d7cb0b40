import { and, asc, eq, inArray, lt, lte, or } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { claimLeased } from '@/db/lease';
import { mailOutbox } from '@/db/schema';
import { decryptSecret } from '@/lib/crypto/secrets';
import type { MailAttachment } from './index';
import { sendMail, type SendOutcome } from './send';

/** mails sent at once by one pass */
export const MAIL_BATCH = 20;
/** while one process sends a claimed mail, others see it as not due for this long */
const LEASE_MS = 120_000;
/**
 * Growing delays after each failed attempt, about two days in all, with +-20 % jitter: an SMTP
 * server that is down for hours still gets every mail once it is back.
 */
export const MAIL_RETRY_DELAYS_S = [10, 30, 120, 600, 1800, 3600, 7200, 14400, 28800, 28800, 28800, 28800, 28800];

export function mailRetryDelayMs(attemptsDone: number, random: () => number = Math.random): number | null {
  const base = MAIL_RETRY_DELAYS_S[attemptsDone - 1];
  return base === undefined ? null : Math.round(base * 1000 * (0.8 + 0.4 * random()));
}

interface Claimed {
  id: string;
  toAddress: string;
  subject: string;
  bodyCiphertext: string | null;
  attempts: number;
}

/** Claims due mails for this pass (db/lease.ts): other processes skip them until the lease runs out. */
function claimDue(db: Db, now: Date, limit: number, only?: string[]): Promise<Claimed[]> {
  return claimLeased(db, mailOutbox, new Date(now.getTime() + LEASE_MS), (tx) =>
    tx
      .select({
        id: mailOutbox.id,
        toAddress: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        bodyCiphertext: mailOutbox.bodyCiphertext,
        attempts: mailOutbox.attempts,
      })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'pending'),
          lte(mailOutbox.nextAttemptAt, now),
          only ? inArray(mailOutbox.toAddress, only) : undefined,
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.created))
      .limit(limit)
      .for('update', { skipLocked: true }),
  );
}

async function attempt(db: Db, c: Claimed, now: Date): Promise<SendOutcome> {
  let body: { text: string; html: string; attachments?: MailAttachment[] } | null = null;
  try {
    body = c.bodyCiphertext
      ? (JSON.parse(decryptSecret(c.bodyCiphertext, 'mail_outbox', c.id)) as {
          text: string;
          html: string;
          attachments?: MailAttachment[];
        })
      : null;
  } catch {
    body = null;
  }
  const r: SendOutcome = body
    ? await sendMail({ id: c.id, to: c.toAddress, subject: c.subject, ...body })
    : {
        ok: false,
        permanent: true,
        error: "The mail's content cannot be read (APP_SECRET changed since it was queued).",
      };
  const attempts = c.attempts + 1;
  const delay = r.ok || r.permanent ? null : mailRetryDelayMs(attempts);
  await db
    .update(mailOutbox)
    .set({
      status: r.ok ? 'sent' : delay === null ? 'failed' : 'pending',
      attempts,
      lastError: r.error,
      sentAt: r.ok ? new Date() : null,
      nextAttemptAt: delay === null ? now : new Date(now.getTime() + delay),
      // once handed over (or given up), the link it holds is no longer kept here
      ...(r.ok || delay === null ? { bodyCiphertext: null } : {}),
    })
    .where(eq(mailOutbox.id, c.id));
  return r;
}

export interface MailPassResult {
  attempted: number;
  sent: number;
}

/**
 * One pass of the mail worker: send what is due at `now`. Tests call it directly (a chosen `now`
 * skips retry delays; `only` keeps to their own recipients when tests share a database).
 */
export async function runMailPass(
  db: Db,
  now: Date = new Date(),
  opts: { batch?: number; only?: string[] } = {},
): Promise<MailPassResult> {
  const claimed = await claimDue(db, now, opts.batch ?? MAIL_BATCH, opts.only);
  const results = await Promise.all(claimed.map((c) => attempt(db, c, now)));
  return { attempted: results.length, sent: results.filter((r) => r.ok).length };
}

/**
 * Sent and failed mails are kept 30 days (the record that a mail went out), then deleted; so is
 * everything in the demo's mailbox (`unsent`: nothing sends it there).
 */
export async function pruneMail(db: Db, now: Date, opts: { unsent?: boolean } = {}): Promise<void> {
  const before = new Date(now.getTime() - 30 * 24 * 3600_000);
  const done = or(eq(mailOutbox.status, 'sent'), eq(mailOutbox.status, 'failed'));
  await db.delete(mailOutbox).where(and(opts.unsent ? undefined : done, lt(mailOutbox.created, before)));
}
