import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { config } from '../lib/config/index';
import { pgliteDir, pgliteImage, statementTimeoutMs } from '../lib/config/env';
import { serveOldestFirst } from './arrival-order';
import { namePlainQueries, prepareRepeatedQueries } from './named-statements';
import * as schema from './schema';

/** The one database type the app uses: PGlite, postgres.js and a transaction all fit it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

interface Holder {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** LISTEN on a channel (postgres.js: one dedicated connection, re-listened after a reconnect); resolves to the way to stop */
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  migrated?: Promise<void>;
}

const g = globalThis as unknown as { __smartlockDb?: Holder; __smartlockDbStopped?: boolean };

export const migrationsFolder = path.join(process.cwd(), 'db', 'migrations');

export { pgliteDir };

/** How long one connection attempt to Postgres may take (DB_CONNECT_TIMEOUT_SECONDS, default 2). */
const connectTimeoutSeconds = () => config().DB_CONNECT_TIMEOUT_SECONDS;

async function open(): Promise<Holder> {
  const url = config().DATABASE_URL;
  if (url) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const client = postgres(url, {
      max: config().DB_POOL_MAX,
      prepare: true,
      onnotice: () => {},
      // The database out of reach (stopped, restarting, a network cut) must not make requests hang:
      // a connection attempt gives up after this long and the request answers 503 with Retry-After
      // (lib/http/unavailable.ts); the next query connects again, so nothing needs a restart.
      connect_timeout: connectTimeoutSeconds(),
      // postgres.js waits before each new attempt after a failed one, growing to 20 s: queries queued
      // meanwhile would hang that long, and the server would come back that late. A short constant
      // wait instead; attempts are made only for queries that arrive, so the rate stays bounded.
      backoff: () => 0.2,
      // Statements are prepared once per connection (namePlainQueries). By default Postgres still plans
      // each execution again for its first five, and afterwards whenever it guesses that values
      // matter: the activity page was re-planned on every call, 0.6 ms of its 1.8 ms. The
      // statements here filter by keys and indexed ranges, where the one generic plan is the
      // custom plan, so plan once.
      // and no statement runs on past DB_STATEMENT_TIMEOUT_MS (lib/config/env.ts)
      connection: {
        plan_cache_mode: 'force_generic_plan',
        ...(statementTimeoutMs() > 0 ? { statement_timeout: statementTimeoutMs() } : {}),
      },
    });
    namePlainQueries(client);
    const db = drizzle(client, { schema }) as unknown as Db;
    const listen = async (channel: string, on: (p: string) => void) => {
      const sub = await client.listen(channel, on);
      return () => sub.unlisten();
    };
    return { db, kind: 'postgres', close: () => client.end({ timeout: 5 }), listen };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = pgliteDir();
  if (!dir.startsWith('memory://')) {
    // PGlite does not create parents, and writes its files 0666: the folder itself is private
    // (0700), so nobody else reaches them, and so is what this process creates from now on
    const { privateFolder } = await import('../lib/crypto/config');
    privateFolder(dir);
    process.umask(0o077);
  }
  const image = dir.startsWith('memory://') ? pgliteImage() : undefined;
  const client = new PGlite(dir, image ? { loadDataDir: new Blob([readFileSync(image)]) } : {});
  await client.waitReady;
  // one plan per named statement, as for Postgres above (the activity page: 3.0 -> 1.9 ms)
  await client.exec('set plan_cache_mode = force_generic_plan');
  prepareRepeatedQueries(client);
  serveOldestFirst(client);
  const db = drizzle(client, { schema }) as unknown as Db;
  const listen = async (channel: string, on: (p: string) => void) => {
    const stop = await client.listen(channel, on);
    return () => stop();
  };
  return { db, kind: 'pglite', close: () => client.close(), listen };
}

let opening: Promise<Holder> | undefined;

async function holder(): Promise<Holder> {
  if (g.__smartlockDb) return g.__smartlockDb;
  if (g.__smartlockDbStopped) {
    // work that outlived the shutdown's drain: it must not open the database again (on PGlite a
    // second instance on the folder, beside the one closing, lost writes the first had committed)
    const e = new Error('the database is closed: this process is stopping');
    console.error(`database: asked for after the shutdown closed it\n${e.stack}`);
    throw e;
  }
  opening ??= open().then((h) => (g.__smartlockDb = h));
  return opening;
}

/**
 * Runs `work` so that it applies whole and can be run again: a savepoint inside the caller's
 * transaction, a transaction of its own otherwise. In a PGlite transaction `work` runs as it is:
 * PGlite's one connection runs one transaction at a time, so no other writer can come between its
 * statements (what running again is for), and a failed statement fails the caller's transaction
 * anyway. The savepoint and its release were two statements more each time (a bridge's
 * lock-status event made four of them; issue 34).
 */
export async function atomically<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  if (g.__smartlockDb?.kind === 'pglite' && (db as unknown) instanceof PgTransaction) return work(db);
  return db.transaction(work);
}

/** The database, opened (and migrated) once per process. */
export async function getDb(): Promise<Db> {
  const h = await holder();
  h.migrated ??= migrate(h);
  await h.migrated;
  return h.db;
}

/**
 * The database if this process has it open, without opening it: for timers (settling a command,
 * auto lock). One that fires after `closeDb()` at shutdown must not open a new pool, which would
 * keep the process alive; a running process's reaper finishes that work.
 */
export function openedDb(): Db | undefined {
  return g.__smartlockDb?.db;
}

/** LISTEN on a channel of the database (lib/domain/live): every process hears every NOTIFY. */
export async function listenDb(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
  await getDb();
  return (await holder()).listen(channel, onPayload);
}

export async function dbKind(): Promise<'pglite' | 'postgres'> {
  return (await holder()).kind;
}

async function migrate(h: Holder): Promise<void> {
  if (config().DB_SKIP_MIGRATE) return;
  if (h.kind === 'pglite') {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await run(h.db as any, { migrationsFolder });
  } else {
    await migratePostgres(config().DATABASE_URL!);
  }
}

/** Any constant of our own: the key of the advisory lock that lets one process migrate at a time. */
const MIGRATION_LOCK = 7_234_501;

/**
 * Applies the migrations to a Postgres database while holding a session advisory lock, on a
 * connection of its own: processes that start together on one new database (a cluster, a deploy
 * of several machines) take turns, and each one after the first finds the migrations applied.
 * Without it they raced: two of them created the same tables and one failed to start.
 */
export async function migratePostgres(url: string): Promise<void> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate: run } = await import('drizzle-orm/postgres-js/migrator');
  // one connection: the lock, the migrator's transaction and the unlock all run on it
  const client = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: connectTimeoutSeconds() });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK})`;
    try {
      await run(drizzle(client), { migrationsFolder });
    } finally {
      await client`select pg_advisory_unlock(${MIGRATION_LOCK})`;
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}

/**
 * Closes the database of this process. `stopping` (the shutdown's close): it is not opened again
 * in this process; otherwise (tests) the next `getDb()` opens it anew.
 */
export async function closeDb(opts: { stopping?: boolean } = {}): Promise<void> {
  if (opts.stopping) g.__smartlockDbStopped = true;
  const h = g.__smartlockDb;
  g.__smartlockDb = undefined;
  opening = undefined;
  if (h) await h.close();
}

/** `db.execute()` returns an array on postgres.js and `{ rows }` on PGlite: normalize here. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
