#!/usr/bin/env node
// `npm run start:cluster`: the production shape on one machine. CLUSTER_SIZE (default 2) server
// processes on one Postgres (DATABASE_URL), behind HAProxy (Debian's `haproxy` package) listening
// on PORT (default 3000): round robin, health checks on /api/health, a process that fails them
// taken out until it passes again, and on SIGTERM the proxy stops accepting and lets open
// connections finish before the processes stop. Each process is `scripts/start.mjs` on its own
// port (PORT + 10 + i), with the same settings (docs/deployment.md says which must be equal).
// The processes start one after another: the first migrates the database (and seeds it when asked),
// the others find it ready.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const size = Number(process.env.CLUSTER_SIZE ?? 2);
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || '127.0.0.1';
const haproxy = process.env.HAPROXY_BIN || (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy');

if (!process.env.DATABASE_URL) {
  console.error('Refusing to start a cluster without DATABASE_URL: the processes share one Postgres (the embedded PGlite belongs to one process). Use `npm start` for one process.');
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

const publicUrl = process.env.NEXTAUTH_URL || `http://localhost:${port}`;
const backends = Array.from({ length: size }, (_, i) => ({ name: `app${i + 1}`, port: port + 10 + i }));
const children = [];
let stopping = false;

async function healthy(url, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (stopping) return false;
    if (await fetch(url).then((r) => r.ok, () => false)) return true;
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  const [proxy, ...apps] = children;
  // the proxy first: it stops listening and lets open connections finish; then the processes
  proxy?.kill('SIGUSR1');
  setTimeout(() => {
    for (const c of apps) c.kill('SIGTERM');
    proxy?.kill('SIGTERM');
  }, proxy ? 2000 : 0).unref();
  setTimeout(() => process.exit(code), 15_000).unref();
  let left = children.length;
  for (const c of children) c.once('exit', () => --left === 0 && process.exit(code));
  if (!left) process.exit(code);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

const configDir = path.join(process.cwd(), '.data');
mkdirSync(configDir, { recursive: true, mode: 0o700 });
const config = path.join(configDir, `haproxy-${port}.cfg`);
writeFileSync(
  config,
  [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  timeout connect 2s',
    '  timeout client 65s',
    '  timeout server 65s',
    '  timeout tunnel 1h', // live updates (Server-Sent Events) stay open
    '  timeout http-keep-alive 10s',
    'frontend portal',
    `  bind ${host}:${port}`,
    '  default_backend app',
    'backend app',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    '  retry-on conn-failure empty-response',
    '  retries 2',
    '  option redispatch',
    '  default-server inter 1s fall 2 rise 2',
    ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`),
    '',
  ].join('\n'),
);

const proxy = spawn(haproxy, ['-db', '-f', config], { stdio: 'inherit' });
children.push(proxy);
proxy.on('exit', (code) => {
  if (!stopping) {
    console.error(`haproxy stopped (${code}); stopping the cluster.`);
    stopAll(1);
  }
});

for (const [i, b] of backends.entries()) {
  const env = {
    ...process.env,
    PORT: String(b.port),
    HOST: '127.0.0.1',
    NEXTAUTH_URL: publicUrl,
    // one proxy in front: the client's address is the one HAProxy saw (X-Forwarded-For)
    TRUST_PROXY_HOPS: process.env.TRUST_PROXY_HOPS ?? '1',
    // only the first process seeds; the others find the data there
    ...(i > 0 ? { SEED_DEMO: '0' } : {}),
  };
  const child = spawn(process.execPath, ['scripts/start.mjs'], { stdio: 'inherit', env });
  children.push(child);
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`${b.name} (port ${b.port}) stopped (${code}); stopping the cluster.`);
      stopAll(1);
    }
  });
  if (!(await healthy(`http://127.0.0.1:${b.port}/api/health`, 900_000))) {
    if (!stopping) console.error(`${b.name} did not become healthy.`);
    stopAll(1);
    break;
  }
}
if (!stopping) console.log(`\n  Cluster of ${size} behind HAProxy: ${publicUrl} (processes on ports ${backends.map((b) => b.port).join(', ')})\n`);
