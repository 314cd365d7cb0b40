import path from 'node:path';
import { config } from './index';

/**
 * How this server is deployed, read from the environment in one place (docs/security.md,
 * "Deployment"): the server, its start-up and the scripts share it.
 */

/** The embedded demo: PGlite in the data folder, no DATABASE_URL. */
export const isEmbedded = (): boolean => !config().DATABASE_URL;

/** Where PGlite keeps its files (PGLITE_DIR, default .data/pglite; `memory://` for tests). */
export function pgliteDir(): string {
  return config().PGLITE_DIR || path.join(process.cwd(), '.data', 'pglite');
}

/**
 * A dump of a migrated PGlite data folder (PGLITE_IMAGE, a tar file) that an in-memory database
 * starts from instead of an empty one: the tests' global setup makes it once per run, and each test
 * file's database loads it in ~0.7 s instead of creating and migrating one in ~3 s.
 */
export const pgliteImage = (): string | undefined => config().PGLITE_IMAGE;

/**
 * The longest a statement of the server's pool may run on Postgres (DB_STATEMENT_TIMEOUT_MS, default
 * 30 s; 0: no limit). A statement whose client gave up keeps running in Postgres until it ends; under
 * load a few slow reads of a big organization kept the shared database busy for minutes
 * (docs/performance.md, issue 34). Work that is meant to be long (the activity log's monthly pass)
 * lifts it for its own transaction.
 */
export const statementTimeoutMs = (): number => config().DB_STATEMENT_TIMEOUT_MS;

/**
 * The public URL people use (NEXTAUTH_URL), default http://localhost:$PORT. Origin checks, cookie
 * names and https-only headers follow it and nothing a request says about itself.
 */
export function publicUrl(): URL {
  const { NEXTAUTH_URL, PORT } = config();
  // a value that is not a URL stops the start (lib/config/schema.ts)
  return new URL(NEXTAUTH_URL ?? `http://localhost:${PORT}`);
}

export const isHttps = (): boolean => publicUrl().protocol === 'https:';

/** 127.0.0.1, ::1, localhost: addresses only this machine reaches. */
export const isLoopbackHost = (host: string) =>
  /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|\[::1\]|localhost|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i.test(host.trim());

/**
 * The origins a portal write may come from (the Origin check of lib/auth/caller.ts): the public URL;
 * and for the embedded demo, the addresses it listens on, since a person opens whichever one the
 * server printed (`http://127.0.0.1:3000` as well as `http://localhost:3000`): localhost and
 * 127.0.0.1 on its port when it listens on this machine (or on every interface), the address it
 * was told to listen on otherwise. A deployment with DATABASE_URL has its public URL only.
 */
export function allowedOrigins(): string[] {
  const out = new Set([publicUrl().origin]);
  const host = listenHost();
  if (isEmbedded() && host) {
    const port = config().PORT;
    if (isLoopbackHost(host) || host === '0.0.0.0' || host === '::') {
      out.add(`http://localhost:${port}`);
      out.add(`http://127.0.0.1:${port}`);
    } else {
      out.add(`http://${host.includes(':') ? `[${host}]` : host}:${port}`);
    }
  }
  return [...out];
}

/**
 * Demo mode: the demo accounts are seeded into an empty database and the sign-in page shows their
 * password. On by default for the embedded database only; a deployment asks for it with DEMO=1.
 */
export const demoMode = (): boolean => config().DEMO ?? isEmbedded();

/**
 * How many proxies in front of the server append to X-Forwarded-For and are trusted to tell the
 * client's address (default 0: the socket's peer is the client, the header is ignored).
 */
export const trustProxyHops = (): number => config().TRUST_PROXY_HOPS;

/**
 * The interface the server listens on, as `npm start` (scripts/start.mjs) tells it in LISTEN_HOST
 * (the embedded demo: 127.0.0.1 unless HOST says otherwise); null when not told (a bare `next start`).
 */
export const listenHost = (): string | null => config().LISTEN_HOST ?? null;

/** The benchmark's no-op endpoint exists only when asked for (the bench sets BENCH=1). */
export const benchEnabled = (): boolean => config().BENCH;
