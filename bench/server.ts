// What the scenario runs (bench/run.ts) and the soak (bench/soak.ts) share: the server's environment,
// a database of their own, the large dataset, waiting for health.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { childEnv, harness } from '../lib/config/harness';
import type { BenchBridge } from './bridge';
import type { BenchData } from './seed-large';

export const root = process.cwd();
export const distDir = '.next-bench';

export function sh(cmd: string, args: string[], env: NodeJS.ProcessEnv) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

export async function waitHealthy(url: string, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not become healthy at ${url}`);
}

/**
 * A production server of this run: secrets of this run only; BENCH=1 makes /api/bench/* exist; the
 * link page's clients are named in X-Forwarded-For, as a proxy in front would (TRUST_PROXY_HOPS=1);
 * rate limits out of the way, since the load comes from one key. Its bridge (bench/bridge.ts) is a
 * virtual bridge on loopback, whose events come straight to this server; no demo bridges.
 */
export function benchEnv(port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const secret = () => randomBytes(32).toString('base64url');
  return childEnv({
    NEXT_DIST_DIR: distDir,
    PORT: String(port),
    SEED_DEMO: '0',
    SIM_COMMAND_MS: '0',
    SIM_CONTROL: '0',
    NODE_ENV: 'production',
    APP_SECRET: secret(),
    NEXTAUTH_SECRET: secret(),
    NEXTAUTH_URL: `http://localhost:${port}`,
    WEBHOOK_ALLOW_LOOPBACK: '0',
    BENCH: '1',
    TRUST_PROXY_HOPS: '1',
    API_RATE_LIMIT: '1000000000',
    API_RATE_LIMIT_COMMANDS: '1000000000',
    BRIDGE_ALLOW_LOOPBACK: '1',
    BRIDGE_CALLBACK_URL: `http://127.0.0.1:${port}`,
    VIRTUAL_BRIDGES: '0',
    ...extra,
  });
}

/** A Postgres database of this run in env.DATABASE_URL; returns how to drop it (a million activity rows are not left behind). */
export function createPostgres(env: NodeJS.ProcessEnv, prefix: string): () => void {
  // BENCH_DB_PREFIX: runs on a shared Postgres keep to their own names
  const db = `${harness().BENCH_DB_PREFIX ?? prefix}_${Date.now()}`;
  const base = harness().BENCH_PG_URL;
  sh('psql', [`${base}/postgres`, '-q', '-c', `create database ${db}`], env);
  env.DATABASE_URL = `${base}/${db}`;
  delete env.PGLITE_DIR;
  let dropped = false;
  return () => {
    if (dropped) return;
    dropped = true;
    // BENCH_KEEP_DB=1: left for a look at its plans (EXPLAIN ANALYZE); drop it by hand afterwards
    if (harness().BENCH_KEEP_DB) {
      console.log(`  kept the database ${db} (BENCH_KEEP_DB=1): drop it when done`);
      return;
    }
    spawnSync('psql', [`${base}/postgres`, '-q', '-c', `drop database if exists ${db} with (force)`], {
      stdio: 'inherit',
    });
  };
}

/** The port of the bench's bridge (bench/bridge.ts): BENCH_BRIDGE_PORT, else the server's port + 50. */
export const bridgePort = (port: number) => harness().BENCH_BRIDGE_PORT ?? port + 50;

/** Migrates the database of env and loads the large dataset (bench/prepare.ts), its locks on `bridge`; returns its ids. */
export function prepareData(env: NodeJS.ProcessEnv, bridge: BenchBridge): BenchData {
  const prep = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['bench/prepare.ts'], {
    // the large seed's bulk statements (a million entries at a time) run past the server's 30 s
    env: { ...env, ...bridge.env, DB_STATEMENT_TIMEOUT_MS: '0' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (prep.status !== 0) throw new Error('prepare failed');
  const lines = prep.stdout.trim().split('\n');
  lines.slice(0, -1).forEach((l) => console.log(l));
  return JSON.parse(lines[lines.length - 1]);
}
