import { config } from '@/lib/config';
import { sweepEmailTokens } from '@/lib/auth/email-tokens';
import { pollingLoop, type BackgroundWorker, type StopWorker } from '@/lib/workers';
import { mailboxEnabled, smtpUrl } from './config';
import { MAIL_BATCH, pruneMail, runMailPass } from './pass';

const POLL_MS = () => config().MAIL_POLL_MS;

/**
 * The mail worker of one server process; several processes may run it (claims are made in the
 * database). Without SMTP_URL it does not send: the demo's mails stay for the Mailbox page.
 */
export function startMailWorker(pollMs = POLL_MS()): StopWorker {
  let prunedAt = 0;
  return pollingLoop('mail worker', pollMs, async (db) => {
    const again = smtpUrl() ? (await runMailPass(db, new Date())).attempted >= MAIL_BATCH : false;
    if (Date.now() - prunedAt > 3_600_000) {
      prunedAt = Date.now();
      await pruneMail(db, new Date(), { unsent: mailboxEnabled() });
      await sweepEmailTokens(db, new Date());
    }
    return again;
  });
}

export const worker: BackgroundWorker = { name: 'mail delivery', start: () => startMailWorker() };
