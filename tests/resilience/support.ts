import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { closeDb } from '@/db/client';
import { config, setEnv } from '@/lib/config';
import { childEnv, harness } from '@/lib/config/harness';
// @ts-expect-error plain ESM script without types, shared with scripts/start.mjs
import { buildIsStale } from '../../scripts/build-state.mjs';

/**
 * The real server for the resilience tests: scripts/server.mjs (what `npm start` runs) on the
 * production build, one process per server, each on a database of the test's own (a new Postgres database next to
 * DATABASE_URL's, or a new PGlite folder), so its background workers never touch rows of other
 * test files. The build is the one `npm start` and Playwright use (`.next`, same staleness rule,
 * scripts/build-state.mjs): made once when missing or older than the sources, and reused.
 */
const root = process.cwd();
export const DIST_DIR = harness().RESILIENCE_DIST_DIR;
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const serverScript = path.join(root, 'scripts', 'server.mjs');
/**
 * Every port these tests (and tests/fuzz's real servers) use is this base plus a fixed offset
 * (RESILIENCE_PORT_BASE, default 3500): parallel runs on one machine move the whole set at once.
 * Offsets: contention 10-11, shutdown 20, process death 30-32, database drop 40-41, the wire fuzz
 * 50, next-auth's fuzz 60, the cluster 70 (its processes 80-81), backups 90.
 */
export const PORT_BASE = harness().RESILIENCE_PORT_BASE;
export const portAt = (offset: number) => PORT_BASE + offset;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Builds the app when needed; one build at a time across test workers (a lock folder). */
export async function ensureBuild(): Promise<void> {
  const dist = path.join(root, DIST_DIR);
  const lock = `${dist}.build-lock`;
  for (;;) {
    if (!buildIsStale(root, dist)) return;
    try {
      mkdirSync(lock);
    } catch {
      // another worker builds: wait for it (a lock older than 15 minutes is left over from a crash)
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 15 * 60_000)
        rmSync(lock, { recursive: true, force: true });
      await sleep(1000);
      continue;
    }
    try {
      if (!buildIsStale(root, dist)) return;
      const out: string[] = [];
      const code = await new Promise<number | null>((resolve) => {
        const p = spawn(process.execPath, [nextBin, 'build'], {
          env: childEnv({ NODE_ENV: 'production', NEXT_DIST_DIR: DIST_DIR }),
        });
        p.stdout.on('data', (d) => out.push(String(d)));
        p.stderr.on('data', (d) => out.push(String(d)));
        p.on('exit', resolve);
      });
      if (code !== 0) throw new Error(`next build failed (${code}): ${out.join('').slice(-3000)}`);
      return;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

export interface Store {
  /** environment for a server on it: DATABASE_URL or PGLITE_DIR */
  env: Record<string, string>;
  kind: 'postgres' | 'pglite';
  /** points this test process's own database (the factories) at it */
  use: () => Promise<void>;
  drop: () => Promise<void>;
}

/**
 * The servers and the database of each test in a file, stopped and dropped after it (whether it
 * passed or not); the build made before the file's first test, this process's own connection closed
 * after its last. A test sets `run.store` and `run.servers` to what it made.
 */
export function serversPerTest(): { store: Store | undefined; servers: Server[] } {
  const run: { store: Store | undefined; servers: Server[] } = { store: undefined, servers: [] };
  beforeAll(() => ensureBuild(), 600_000);
  afterEach(async () => {
    await Promise.all(run.servers.map(stopServer));
    run.servers = [];
    await run.store?.drop();
    run.store = undefined;
  }, 60_000);
  afterAll(() => closeDb());
  return run;
}

/**
 * One database for the tests of a describe block (`<DATABASE_URL's name>_<tag>`, or a PGlite folder),
 * made after the build and before its first test, and pointed at by this process (the factories);
 * the servers a test puts in `run.servers` stopped and the database dropped after its last test.
 * (serversPerTest gives each test its own instead.)
 */
export function storePerBlock(tag: string): { store: Store; servers: Server[] } {
  const run = { store: undefined as unknown as Store, servers: [] as Server[] };
  beforeAll(async () => {
    await ensureBuild();
    run.store = await freshStore(tag);
    await run.store.use();
  }, 600_000);
  afterAll(async () => {
    await Promise.all(run.servers.map(stopServer));
    await run.store?.drop();
  }, 60_000);
  return run;
}

/** A database of the test's own: `<DATABASE_URL's name>_<tag>` on the same Postgres, else a PGlite folder. */
export async function freshStore(tag: string): Promise<Store> {
  // what use() changes, drop() puts back
  const { DATABASE_URL, PGLITE_DIR } = config();
  const restore = async () => {
    await closeDb();
    setEnv({ DATABASE_URL, PGLITE_DIR });
  };
  if (DATABASE_URL) {
    const url = new URL(DATABASE_URL);
    const name = `${url.pathname.slice(1)}_${tag}`;
    url.pathname = '/postgres';
    const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
    const run = async (q: string) => {
      await admin.unsafe(q);
    };
    await run(`drop database if exists "${name}" with (force)`);
    await run(`create database "${name}"`);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString() };
    return {
      env,
      kind: 'postgres',
      use: async () => {
        await closeDb();
        setEnv({ DATABASE_URL: env.DATABASE_URL });
      },
      drop: async () => {
        await restore();
        await run(`drop database if exists "${name}" with (force)`);
        await admin.end();
      },
    };
  }
  const dir = path.join(root, '.data', `resilience-${tag}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  return {
    env: { PGLITE_DIR: dir },
    kind: 'pglite',
    use: async () => {
      await closeDb();
      setEnv({ DATABASE_URL: undefined, PGLITE_DIR: dir });
    },
    drop: async () => {
      await restore();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Server {
  port: number;
  url: string;
  proc: ChildProcess;
  /** what it printed so far */
  output: () => string;
  /** resolves with the exit code (or the signal's name) */
  exited: Promise<number | string>;
}

/** The environment of a production server (or a cluster's processes) on `port` over `store`, as deployed. */
function serverEnv(port: number, store: Store, env: Record<string, string>): NodeJS.ProcessEnv {
  return childEnv({
    ...store.env,
    NODE_ENV: 'production',
    NEXT_DIST_DIR: DIST_DIR,
    PORT: String(port),
    HOST: '127.0.0.1',
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    DEMO: '0',
    SEED_DEMO: '0',
    REQUEST_LOG: '0',
    NEXT_TELEMETRY_DISABLED: '1',
    BACKGROUND_WORKERS: '1', // as deployed (the test environment turns them off for in-process tests)
    // PGlite: one process per folder, so the bridges the server registers call the server, not this
    // process's stand-in (which would open a second PGlite on the folder and lose the server's writes)
    ...(store.kind === 'pglite' ? { BRIDGE_CALLBACK_URL: `http://127.0.0.1:${port}` } : {}),
    ...env,
  });
}

/** What a child process printed so far, and its exit code (or the signal's name). */
function watch(proc: ChildProcess): { output: () => string; exited: Promise<number | string> } {
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | string>((resolve) =>
    proc.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { output: () => out, exited };
}

/** Starts the server (scripts/server.mjs) on `port` and waits until /api/health answers 200. */
export async function startServer(port: number, store: Store, env: Record<string, string> = {}): Promise<Server> {
  const proc = spawn(process.execPath, [serverScript], { env: serverEnv(port, store, env) });
  const { output, exited } = watch(proc);
  const server: Server = { port, url: `http://127.0.0.1:${port}`, proc, output, exited };
  const deadline = Date.now() + 90_000;
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`server on ${port} exited before it was ready: ${output().slice(-3000)}`);
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`server on ${port} not ready in 90 s: ${output().slice(-3000)}`);
    }
    const ok = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return server;
    await sleep(250);
  }
}

/** Stops a server the tests are done with (SIGKILL after 15 s), resolving when it is gone. */
export async function stopServer(s: Server | undefined): Promise<void> {
  if (!s || s.proc.exitCode !== null || s.proc.signalCode !== null) return;
  s.proc.kill('SIGTERM');
  const t = setTimeout(() => s.proc.kill('SIGKILL'), 15_000);
  await s.exited;
  clearTimeout(t);
}

export interface Answer {
  status: number;
  json: any;
  headers: Headers;
  ms: number;
}

/** One HTTP call with a personal access key; a network failure answers status 0 (json: the error). */
export async function call(
  base: string,
  method: string,
  url: string,
  key?: string,
  body?: unknown,
  timeoutMs = 30_000,
): Promise<Answer> {
  const started = performance.now();
  try {
    const r = await fetch(base + url, {
      method,
      headers: {
        ...(key ? { authorization: `PersonalKey ${key}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await r.text();
    return {
      status: r.status,
      json: text ? JSON.parse(text) : null,
      headers: r.headers,
      ms: performance.now() - started,
    };
  } catch (e) {
    return {
      status: 0,
      json: `${e}: ${(e as { cause?: unknown }).cause}`,
      headers: new Headers(),
      ms: performance.now() - started,
    };
  }
}

/**
 * The same call on a connection of its own that the server closes after answering (no keep-alive),
 * so a test sees when the server is done with its requests rather than when idle sockets time out.
 */
export function callOnce(base: string, method: string, url: string, key: string, body?: unknown): Promise<Answer> {
  const started = performance.now();
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      base + url,
      {
        method,
        agent: false,
        headers: {
          authorization: `PersonalKey ${key}`,
          connection: 'close',
          ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
          resolve({
            status: res.statusCode ?? 0,
            json: text ? JSON.parse(text) : null,
            headers,
            ms: performance.now() - started,
          });
        });
      },
    );
    req.on('error', (e) =>
      resolve({ status: 0, json: String(e), headers: new Headers(), ms: performance.now() - started }),
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.end(data);
  });
}

/** A TCP proxy to Postgres that can be cut (listening socket closed, every connection dropped) and restored. */
export async function pgProxy(port: number, target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await open();
  return {
    cut: () => {
      server?.close();
      for (const s of sockets) s.destroy();
    },
    restore: open,
    close: () => {
      server?.close();
      for (const s of sockets) s.destroy();
    },
  };
}

export interface Cluster {
  url: string;
  port: number;
  proc: ChildProcess;
  output: () => string;
  exited: Promise<number | string>;
  /** one command to HAProxy's runtime API (scripts/cluster.mjs opens it in .data/) */
  haproxy: (command: string) => Promise<string>;
  /** HAProxy's view of each process: app1 -> UP, DOWN, MAINT ... */
  states: () => Promise<Record<string, string>>;
  /** the pid of the process now serving on a port (from its "ready" line) */
  pidOn: (port: number) => number | undefined;
}

/** `npm run start:cluster` (scripts/cluster.mjs) on `port`, its processes on port + 10 + i; waits until it says it is up. */
export async function startCluster(port: number, store: Store, env: Record<string, string> = {}): Promise<Cluster> {
  const proc = spawn(process.execPath, ['scripts/cluster.mjs'], {
    detached: true, // its own process group: a failed test kills every process under it
    env: serverEnv(port, store, env),
  });
  const { output, exited } = watch(proc);
  const sock = path.join(root, '.data', `haproxy-${port}.sock`);
  const haproxy = (command: string) =>
    new Promise<string>((resolve) => {
      let text = '';
      const s = net.connect(sock);
      s.on('connect', () => s.write(`${command}\n`));
      s.on('data', (d) => (text += d));
      s.on('end', () => resolve(text));
      s.on('error', () => resolve(text));
    });
  const states = async () => {
    const [head, ...rows] = (await haproxy('show stat')).trim().split('\n');
    const cols = (head ?? '').replace(/^# /, '').split(',');
    const out: Record<string, string> = {};
    for (const r of rows) {
      const v = Object.fromEntries(r.split(',').map((x, i) => [cols[i], x]));
      if (v.pxname === 'app' && v.svname !== 'BACKEND') out[v.svname] = v.status;
    }
    return out;
  };
  const pidOn = (p: number) => {
    const all = [...output().matchAll(new RegExp(`server: ready on port ${p} \\(pid (\\d+)\\)`, 'g'))];
    return all.length ? Number(all.at(-1)![1]) : undefined;
  };
  const c: Cluster = { url: `http://127.0.0.1:${port}`, port, proc, output, exited, haproxy, states, pidOn };
  const deadline = Date.now() + 300_000;
  let gone = false;
  void exited.then(() => (gone = true));
  while (!output().includes('Cluster of')) {
    if (gone) throw new Error(`the cluster exited before it was up: ${output().slice(-3000)}`);
    if (Date.now() > deadline) {
      stopCluster(c, 'SIGKILL');
      throw new Error(`the cluster was not up in 5 minutes: ${output().slice(-3000)}`);
    }
    await sleep(250);
  }
  return c;
}

/** Signals the cluster's supervisor (SIGKILL: the whole process group). */
export function stopCluster(c: Cluster | undefined, signal: NodeJS.Signals = 'SIGTERM'): void {
  if (!c) return;
  try {
    if (signal === 'SIGKILL') process.kill(-c.proc.pid!, 'SIGKILL');
    else c.proc.kill(signal);
  } catch {
    /* gone */
  }
}
