import { sql } from 'drizzle-orm';
import { getDb, rowsOf } from '@/db/client';
import { config, loadConfig } from '@/lib/config';
import { demoMode, isEmbedded } from '@/lib/config/env';
import { ConfigError, ensureSecrets, secretsFile } from '@/lib/crypto/config';
import { describeRotation, rotateSecrets } from '@/lib/crypto/rotate';
import { installClientAddressHook } from '@/lib/http/client-address';
import { mailboxOffReason, smtpUrl } from '@/lib/mail/config';

/**
 * What a server process does before it serves (instrumentation.ts, for `npm start` and a bare
 * `next start` alike). Any failure here stops the process with one line: a server that is
 * misconfigured must not come up and answer 500 later.
 *  0. the whole configuration parsed (lib/config): a value that is not accepted stops it, naming
 *     its variable;
 *  1. secrets: from the environment, or the embedded demo's own (lib/crypto/config.ts);
 *  2. the client address of every request from its socket (lib/http/client-address.ts);
 *  3. the database migrated; in the embedded demo, secrets stored by an earlier version
 *     re-encrypted under this one's (below); the demo data loaded when asked for;
 *  4. the background workers;
 *  5. a graceful stop on SIGTERM (lib/server/shutdown.ts).
 */

/**
 * The secret the embedded demo of earlier versions used for everything, public in their code. Its
 * data folders still hold PINs, link tokens, webhook secrets and the signing key encrypted with
 * it: the embedded start re-encrypts them under the demo's own secret (and nothing ever encrypts
 * with this one again). Never accepted with DATABASE_URL.
 */
const FORMER_DEMO_SECRET = 'dev-only-secret-change-me-in-production-0123456789';

export async function startServer(): Promise<void> {
  loadConfig();
  const source = ensureSecrets();
  installClientAddressHook();
  const db = await getDb();
  if (isEmbedded()) {
    if (source === 'generated')
      log(`Generated this demo's secrets into ${secretsFile()} (readable by you only); later starts reuse them.`);
    const report = await rotateSecrets(db, [FORMER_DEMO_SECRET]);
    if (Object.values(report.rewritten).some(Boolean) || Object.values(report.unreadable).some(Boolean))
      log(`Stored secrets: ${describeRotation(report)}.`);
  }
  // the demo mailbox shows every mail (reset links, invitation tokens): say why it is off where it would be expected
  const mailboxOff = mailboxOffReason();
  if (demoMode() && !smtpUrl() && mailboxOff) log(`The demo mailbox (/mailbox) is off: ${mailboxOff}.`);
  if (await wantsDemoData(db)) {
    const { seedDemo } = await import('@/db/seed');
    await seedDemo(db, { log });
  }
  // the demo's virtual bridges, started beside this server with new tokens (scripts/demo-bridges.mjs)
  const { DEMO_BRIDGES_FILE, BACKGROUND_WORKERS } = config();
  if (DEMO_BRIDGES_FILE) {
    const { linkDemoBridges } = await import('@/db/seed/bridges');
    await linkDemoBridges(db, DEMO_BRIDGES_FILE, log);
  }
  if (BACKGROUND_WORKERS) {
    const { startWorkers } = await import('@/lib/workers/registry');
    await startWorkers();
  }
  const { installShutdown } = await import('./shutdown');
  installShutdown();
}

/** SEED_DEMO=1 seeds any database; otherwise demo mode seeds an empty one; SEED_DEMO=0 never. */
export async function wantsDemoData(db: Pick<Awaited<ReturnType<typeof getDb>>, 'execute'>): Promise<boolean> {
  const seed = config().SEED_DEMO;
  if (seed !== undefined) return seed;
  if (!demoMode()) return false;
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from users`));
  return n === 0;
}

const log = (line: string) => console.log(line);

/** The one line a failed start prints. */
export function startFailure(e: unknown): string {
  if (e instanceof ConfigError) return `Refusing to start: ${e.message}`;
  return `The server could not start: ${e instanceof Error ? e.message.split('\n', 1)[0] : String(e)}`;
}
