import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { pollingLoop, type BackgroundWorker } from '@/lib/workers';
import { oauthSweepEveryMs } from '@/lib/config/workers';

/** Rows are kept this long past their expiry (the provider already refuses them at once: lib/oauth/adapter.ts). */
const GRACE_MS = 86_400_000;
const BATCH = 1000;

/**
 * Deletes up to one batch of what oidc-provider stored that has expired (codes, tokens, sessions,
 * interactions, grants), oldest first; true when the batch was full (more may be waiting). Safe in
 * several processes at once: a row is deleted once, whoever gets it.
 */
export async function sweepExpiredOAuth(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - GRACE_MS).toISOString();
  const gone = rowsOf<{ model: string }>(
    await db.execute(sql`
      delete from oauth_store where (model, id) in (
        select model, id from oauth_store where expires_at < ${before}::timestamptz order by expires_at limit ${BATCH}
      ) returning model`),
  );
  return gone.length;
}

/** Background worker (lib/workers/registry.ts): the OAuth store does not grow without end. */
export const worker: BackgroundWorker = {
  name: 'oauth-sweep',
  start: () =>
    pollingLoop('oauth-sweep', oauthSweepEveryMs(), async (db) => (await sweepExpiredOAuth(db)) === BATCH, 60_000),
};
