#!/usr/bin/env node
// `npm run start:cluster`: the production shape on one machine, and the supervisor that keeps it
// up. CLUSTER_SIZE (default 2) app processes (scripts/server.mjs, each on port PORT + 10 + i) on one
// Postgres (DATABASE_URL), behind HAProxy (Debian's `haproxy`) listening on PORT (default 3000).
//  - A process that exits, whatever the reason (kill -9, out of memory, a SIGTERM sent to it), is
//    logged with its code or signal, taken out of the balancer at once and started again after a
//    back-off (0.5 s, doubling up to 30 s while it keeps failing within a minute of starting), then
//    put back once it answers /api/health/ready. The others serve meanwhile.
//  - SIGHUP: a rolling restart, one process at a time: out of the balancer (no new requests), its
//    requests under way finish, SIGTERM (its graceful stop), a new one started, back in once ready
//    and seen UP by HAProxy, then the next. Requests never meet a stopping process.
//  - SIGTERM or SIGINT: HAProxy stops listening and finishes its open connections (at most
//    10 s), then every process stops gracefully; the supervisor exits when all have.
// HAProxy routes on liveness (/api/health/live: the process answers; the database is not asked)
// with an explicit check timeout, so a database outage is answered by every process with the
// API's 503 and a slow moment does not eject a healthy process; it retries a request on another
// process only when the connection failed before the request was sent (`retry-on conn-failure`),
// never after, so no request runs twice. The supervisor drives it through its runtime API (a
// Unix socket in .data/). Its own answers (no process up, a process that died mid-answer) are in
// the API's envelope with a request id. docs/deployment.md says more.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startDemoBridges } from './demo-bridges.mjs';

const size = Number(process.env.CLUSTER_SIZE ?? 2);
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || '127.0.0.1';
const haproxy = process.env.HAPROXY_BIN || (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy');
const shutdownMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000);

if (!process.env.DATABASE_URL) {
  console.error(
    'Refusing to start a cluster without DATABASE_URL: the processes share one Postgres (the embedded PGlite belongs to one process). Use `npm start` for one process.',
  );
  process.exit(1);
}
if (spawnSync(haproxy, ['-v'], { stdio: 'ignore' }).status !== 0) {
  console.error(`Refusing to start: ${haproxy} is not installed (on Debian: apt-get install -y haproxy).`);
  process.exit(1);
}
if (!Number.isInteger(size) || size < 1 || size > 16) {
  console.error(`CLUSTER_SIZE must be 1 to 16, not ${process.env.CLUSTER_SIZE}.`);
  process.exit(1);
}
// the checks of `npm start` (secrets) and the build when stale, once for all processes
{
  const r = spawnSync(process.execPath, ['scripts/start.mjs'], {
    stdio: 'inherit',
    env: { ...process.env, START_BUILD_ONLY: '1' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const log = (line) => console.log(`cluster: ${line}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const publicUrl = process.env.NEXTAUTH_URL || `http://localhost:${port}`;
const dataDir = path.join(process.cwd(), '.data');
mkdirSync(dataDir, { recursive: true, mode: 0o700 });
const config = path.join(dataDir, `haproxy-${port}.cfg`);
/** HAProxy's runtime API (admin level, this user only): tests and operators may use it too. */
const socketPath = path.join(dataDir, `haproxy-${port}.sock`);

const apps = Array.from({ length: size }, (_, i) => ({
  name: `app${i + 1}`,
  port: port + 10 + i,
  index: i,
  child: undefined,
  startedAt: 0,
  failures: 0,
  /** the supervisor stops it on purpose (rolling restart, stop): its exit is not a failure */
  retiring: false,
  restartTimer: undefined,
}));
/** the demo's virtual bridges, stopped last */
const bridgeProcs = [];
let stopping = false;
let rolling = false;
let proxy;

// ---------- HAProxy ----------

/** An answer of the balancer itself, in the API's envelope, with its request id. */
const envelopeError = (status, message, retryAfter) =>
  [
    `  http-error status ${status} content-type "application/json; charset=utf-8"`,
    `lf-string '{"success":false,"errorMessages":["${message} Request id: %[unique-id]."],"statusCode":${status}}'`,
    'hdr x-request-id "%[unique-id]" hdr cache-control no-store hdr x-content-type-options nosniff',
    ...(retryAfter ? [`hdr retry-after ${retryAfter}`] : []),
  ].join(' ');

writeFileSync(
  config,
  [
    'global',
    '  maxconn 4096',
    `  stats socket ${socketPath} mode 600 level admin`,
    // soft stop (SIGUSR1) waits for open connections, live updates included: at most this long
    '  hard-stop-after 10s',
    '  log stdout format raw local0',
    'defaults',
    '  mode http',
    '  log global',
    // one line per answer that went wrong (a 5xx, a retry, a failed connection), none for the rest
    '  option httplog',
    '  option dontlog-normal',
    '  option forwardfor',
    // one request per connection to a process: a process that stops closes its listener and no
    // request can be on its way to it over an idle keep-alive connection at that moment (the
    // client's side keeps its keep-alive)
    '  option http-server-close',
    '  unique-id-format %[uuid()]',
    '  timeout connect 2s',
    '  timeout client 65s',
    '  timeout server 65s',
    '  timeout http-request 10s',
    '  timeout tunnel 1h', // live updates (Server-Sent Events) stay open
    '  timeout http-keep-alive 10s',
    // a health check that takes longer than this failed (HAProxy's default is the check interval)
    '  timeout check 5s',
    envelopeError(400, 'The request is not valid HTTP.'),
    envelopeError(403, 'The request was refused.'),
    envelopeError(408, 'The request did not arrive in full in time.'),
    envelopeError(500, 'An unexpected error occurred at the load balancer.', 2),
    envelopeError(
      502,
      'The server process handling this request stopped before answering; it may or may not have been carried out. Repeat it with the same Idempotency-Key to find out.',
      2,
    ),
    envelopeError(503, 'The service is briefly unavailable. Try again in a few seconds.', 2),
    envelopeError(
      504,
      'The server took too long to answer; the request may or may not have been carried out. Repeat it with the same Idempotency-Key to find out.',
      2,
    ),
    'frontend portal',
    `  bind ${host}:${port}`,
    '  default_backend app',
    'backend app',
    '  balance roundrobin',
    // liveness, not readiness: with the database out, every process still answers (the API's 503)
    '  option httpchk GET /api/health/live',
    '  http-check expect status 200',
    // only a connection that could not be made is tried again (on another process): the request
    // was never sent. A request sent to a process that then died is never repeated: it may have run.
    '  retry-on conn-failure',
    '  retries 3',
    '  option redispatch 1',
    // out after three failed checks in a row (about 6 s of silence), back after two passes
    '  default-server inter 2s fastinter 500ms downinter 1s fall 3 rise 2',
    ...apps.map((a) => `  server ${a.name} 127.0.0.1:${a.port} check`),
    '',
  ].join('\n'),
);

// the demo's virtual bridges, once for the whole cluster; their events go through the proxy to any process
const demo = process.env.DEMO === '1' && process.env.VIRTUAL_BRIDGES !== '0' && !process.env.DEMO_BRIDGES_FILE;
const demoBridges = demo ? await startDemoBridges({ port, env: process.env }) : undefined;
bridgeProcs.push(...(demoBridges?.children ?? []));
const bridgeEnv = demoBridges?.file ?? process.env.DEMO_BRIDGES_FILE;

function startProxy() {
  rmSync(socketPath, { force: true });
  proxy = spawn(haproxy, ['-db', '-f', config], { stdio: 'inherit' });
  const startedAt = Date.now();
  proxy.on('exit', (code, signal) => {
    if (stopping) return;
    log(`haproxy exited ${signal ? `on ${signal}` : `with code ${code}`}; starting it again`);
    setTimeout(startProxy, Date.now() - startedAt < 5000 ? 2000 : 200);
  });
}

/** One command to HAProxy's runtime API; its answer ('' when it could not be reached). */
function haproxyCommand(command, sock = socketPath) {
  return new Promise((resolve) => {
    let out = '';
    const s = net.connect(sock);
    const timer = setTimeout(() => (s.destroy(), resolve(out)), 2000);
    s.on('connect', () => s.write(`${command}\n`));
    s.on('data', (d) => (out += d));
    s.on('end', () => (clearTimeout(timer), resolve(out)));
    s.on('error', () => (clearTimeout(timer), resolve(out)));
  });
}

/** The balancer's view of each process: status (UP, DOWN, MAINT...) and requests under way. */
async function serverStats() {
  const csv = await haproxyCommand('show stat');
  const [head, ...rows] = csv.trim().split('\n');
  if (!head) return new Map();
  const cols = head.replace(/^# /, '').split(',');
  const out = new Map();
  for (const row of rows) {
    const v = Object.fromEntries(row.split(',').map((x, i) => [cols[i], x]));
    if (v.pxname === 'app' && v.svname !== 'BACKEND') out.set(v.svname, { status: v.status, scur: Number(v.scur) });
  }
  return out;
}

const setState = (a, state) => haproxyCommand(`set server app/${a.name} state ${state}`);

// ---------- app processes ----------

function startApp(a, first) {
  const env = {
    ...process.env,
    PORT: String(a.port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    NEXTAUTH_URL: publicUrl,
    // one proxy in front: the client's address is the one HAProxy saw (X-Forwarded-For)
    TRUST_PROXY_HOPS: process.env.TRUST_PROXY_HOPS ?? '1',
    // only the first process, the first time, seeds; the others (and every restart) find the data there
    ...(first && a.index === 0 ? {} : { SEED_DEMO: '0' }),
    ...(bridgeEnv
      ? {
          DEMO_BRIDGES_FILE: bridgeEnv,
          BRIDGE_CALLBACK_URL: process.env.BRIDGE_CALLBACK_URL || `http://127.0.0.1:${port}`,
          BRIDGE_ALLOW_LOOPBACK: process.env.BRIDGE_ALLOW_LOOPBACK || '1',
        }
      : {}),
  };
  const child = spawn(process.execPath, ['scripts/server.mjs'], { stdio: 'inherit', env });
  a.child = child;
  a.startedAt = Date.now();
  a.retiring = false;
  child.on('exit', (code, signal) => onExit(a, child, code, signal));
  return child;
}

function onExit(a, child, code, signal) {
  if (a.child === child) a.child = undefined;
  const how = signal ? `on ${signal}` : `with code ${code}`;
  if (stopping || a.retiring) {
    log(`${a.name} (pid ${child.pid}) stopped ${how}`);
    return;
  }
  // died by itself, or was stopped by someone else: out of the balancer now, back after a pause
  void setState(a, 'maint');
  const lived = Date.now() - a.startedAt;
  a.failures = lived > 60_000 ? 1 : a.failures + 1;
  const delay = Math.min(30_000, 500 * 2 ** (a.failures - 1));
  log(
    `${a.name} (pid ${child.pid}, port ${a.port}) exited ${how} after ${Math.round(lived / 1000)} s; restarting in ${delay} ms`,
  );
  a.restartTimer = setTimeout(() => void bringUp(a, false), delay);
}

/** Resolves true once the process answers /api/health/ready (the database reachable), false if it exits first. */
async function ready(a, ms = 900_000) {
  const child = a.child;
  const end = Date.now() + ms;
  while (Date.now() < end && !stopping && child && child.exitCode === null && child.signalCode === null) {
    const ok = await fetch(`http://127.0.0.1:${a.port}/api/health/ready`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return true;
    await sleep(250);
  }
  return false;
}

/** Until HAProxy sees the process UP (its health checks passed), bounded. */
async function seenUp(a, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end && !stopping) {
    if ((await serverStats()).get(a.name)?.status === 'UP') return true;
    await sleep(200);
  }
  return false;
}

async function bringUp(a, first) {
  if (stopping) return false;
  a.restartTimer = undefined;
  const child = startApp(a, first);
  if (!(await ready(a))) return false; // it exited (onExit restarts it) or the cluster stops
  if (a.child !== child) return false;
  await setState(a, 'ready');
  const up = await seenUp(a);
  log(`${a.name} (pid ${child.pid}, port ${a.port}) ${up ? 'in service' : 'ready, not yet seen UP by the balancer'}`);
  return up;
}

/** Stops a process gracefully (SIGTERM; SIGKILL past its budget), resolving when it is gone. */
function retire(a) {
  const child = a.child;
  if (!child) return Promise.resolve();
  a.retiring = true;
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), shutdownMs + 5000);
    child.once('exit', () => (clearTimeout(kill), resolve()));
    child.kill('SIGTERM');
  });
}

async function rollingRestart() {
  if (rolling || stopping) return;
  rolling = true;
  const started = Date.now();
  log('SIGHUP: rolling restart, one process at a time');
  for (const a of apps) {
    if (stopping) break;
    if (a.restartTimer) continue; // already on its way back
    // no new requests; the ones under way finish (live-update streams are ended by the process's stop)
    await setState(a, 'maint');
    const end = Date.now() + 5000;
    while (Date.now() < end && ((await serverStats()).get(a.name)?.scur ?? 0) > 0) await sleep(100);
    await retire(a);
    await bringUp(a, false);
  }
  log(`rolling restart done in ${Math.round((Date.now() - started) / 1000)} s`);
  rolling = false;
}

function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping (the balancer first, then each process gracefully)`);
  for (const a of apps) clearTimeout(a.restartTimer);
  const done = () => process.exit(0);
  setTimeout(() => process.exit(1), shutdownMs + 20_000).unref();
  const proxyGone = new Promise((resolve) => {
    if (!proxy || proxy.exitCode !== null || proxy.signalCode !== null) return resolve();
    proxy.once('exit', resolve);
    proxy.kill('SIGUSR1'); // soft stop: stop listening, let open connections finish
  });
  void Promise.race([proxyGone, sleep(12_000)])
    .then(() => {
      proxy?.kill('SIGTERM');
      return Promise.all(apps.map(retire));
    })
    .then(() => {
      for (const b of bridgeProcs) b.kill('SIGTERM');
    })
    .then(done);
}
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
process.on('SIGHUP', () => void rollingRestart());

startProxy();
// one after another: the first migrates the database (and seeds it when asked), the others find it ready
for (const a of apps) {
  if (stopping) break;
  await bringUp(a, true);
}
if (!stopping)
  console.log(
    `\n  Cluster of ${size} behind HAProxy: ${publicUrl} (processes on ports ${apps.map((a) => a.port).join(', ')}; SIGHUP restarts them one at a time)\n`,
  );
