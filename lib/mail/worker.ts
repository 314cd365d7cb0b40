import { getDb } from '@/db/client';
import { sweepEmailTokens } from '@/lib/auth/email-tokens';
import { logError } from '@/lib/log';
import type { BackgroundWorker } from '@/lib/workers';
import { mailboxEnabled, smtpUrl } from './config';
import { MAIL_BATCH, pruneMail, runMailPass } from './pass';

const POLL_MS = () => Number(process.env.MAIL_POLL_MS ?? 2000);

/**
 * The mail worker of one server process; several processes may run it (claims are made in the
 * database). Without SMTP_URL it does not send: the demo's mails stay for the Mailbox page.
 */
export function startMailWorker(pollMs = POLL_MS()): () => void {
  let stopped = false;
  let prunedAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    let again = false;
    try {
      const db = await getDb();
      if (smtpUrl()) again = (await runMailPass(db, new Date())).attempted >= MAIL_BATCH;
      if (Date.now() - prunedAt > 3_600_000) {
        prunedAt = Date.now();
        await pruneMail(db, new Date(), { unsent: mailboxEnabled() });
        await sweepEmailTokens(db, new Date());
      }
    } catch (e) {
      logError('mail worker pass failed', e);
    }
    if (!stopped) timer = setTimeout(tick, again ? 0 : pollMs);
  };
  timer = setTimeout(tick, 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

export const worker: BackgroundWorker = { name: 'mail delivery', start: () => startMailWorker() };
