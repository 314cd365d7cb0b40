// `npm run bench:profile`: where a request's time goes before its handler runs (issue 34).
// For each path below, one production server (scripts/server.mjs, the process `npm start` serves
// with) runs under `node --cpu-prof` on a Postgres database of its own with the bench's dataset; autocannon
// loads that path alone, the server stops, and its CPU profile is summarized: the share of the CPU
// by where the code lives (Node's own, Next.js, React, the app's bundle, the garbage collector) and
// the heaviest functions by self time, with the time per request. The profiles stay in
// PROFILE_DIR for Chrome's DevTools (Performance > Load profile).
// Env: BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_PORT (3300), PROFILE_ONLY (a pattern of the
// paths' names), PROFILE_DIR (.bench-profile), BENCH_PG_URL, BENCH_DB_PREFIX. Builds into .next-bench
// when the sources are newer (as `npm run bench`).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
// @ts-expect-error plain ESM script without types, shared with scripts/start.mjs
import { buildIsStale } from '../scripts/build-state.mjs';
import { startBenchBridge } from './bridge';
import type { BenchData } from './seed-large';
import { benchEnv, bridgePort, createPostgres, distDir, prepareData, root, sh, waitHealthy } from './server';
import { childEnv, harness } from '../lib/config/harness';

const { BENCH_SECONDS: SECONDS, BENCH_CONNECTIONS: CONNECTIONS, BENCH_PORT, PROFILE_DIR } = harness();
const PORT = BENCH_PORT ?? 3300;
const DIR = path.resolve(PROFILE_DIR);

interface Target {
  name: string;
  /** the path as printed (a link's token stays out of every log) */
  label?: string;
  /** the path of each request (rotating where one resource alone would meet a rate limit) */
  path: (d: BenchData) => () => string;
  key: boolean;
  /** headers of each request besides the key */
  headers?: () => () => Record<string, string>;
}
const fixed = (p: string) => () => () => p;
const TARGETS: Target[] = [
  { name: 'bare', path: fixed('/api/bench/bare'), key: false },
  { name: 'noop', path: fixed('/api/bench/noop'), key: true },
  { name: 'health', path: fixed('/api/health'), key: false },
  { name: 'not-found', path: fixed('/api/v37/nothing-here'), key: false },
  { name: 'lock', path: (d) => () => `/api/v37/my/lock/${d.lockId}`, key: true },
  // the bench user's 1,000 devices in one answer (~1 MB)
  { name: 'details', path: fixed('/api/v37/my/device/details'), key: true },
  // a page's floor: the portal's 404 page, rendered per request like every page (its CSP nonce)
  { name: 'page-404', path: fixed('/nothing-here'), key: false },
  // the guest's page (one file for every link) and its read: 1,000 links from many client addresses,
  // so the page is measured, not a rate limit
  guestTarget('link', '/link/{token}', (t) => `/link/${t}`),
  guestTarget('link-read', '/api/v37/link/{token}/page', (t) => `/api/v37/link/${t}/page`),
];

function guestTarget(name: string, label: string, path: (token: string) => string): Target {
  return {
    name,
    label,
    path: (d) => {
      let i = 0;
      return () => path(d.linkTokens[i++ % d.linkTokens.length]);
    },
    key: false,
    headers: () => {
      let c = 0;
      return () => ({ 'x-forwarded-for': `10.1.${Math.floor(c / 250) % 250}.${c++ % 250}` });
    },
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Where a frame's code lives. */
function areaOf(url: string, fn: string): string {
  if (fn === '(garbage collector)') return 'garbage collector';
  if (fn === '(idle)') return 'idle';
  if (fn === '(program)') return 'program (V8, native)';
  if (!url) return 'native / builtins';
  if (url.startsWith('node:')) return 'Node.js';
  if (/node_modules\/next\/dist\/compiled\/(react|react-dom|react-server-dom)/.test(url)) return 'React';
  if (url.includes('node_modules/next/')) return 'Next.js';
  if (url.includes('node_modules/postgres/') || url.includes('node_modules/drizzle-orm/')) return 'database driver';
  if (url.includes('node_modules/')) return `other packages`;
  if (url.includes(`/${distDir}/server/`)) return "the app's bundle (ours and what it bundles)";
  return 'other';
}

/**
 * The samples of the measured run only: the profile also holds the server's start (compiling its
 * modules, migrating) and stop. The run is the last `SECONDS` before the CPU last stopped being
 * saturated (200 ms buckets at least 80 % busy), the server being stopped right after it.
 */
function measuredWindow(p: Profile, idleId: number | undefined): [number, number] {
  const BUCKET = 200_000;
  const busy = new Map<number, number>();
  let t = p.startTime;
  p.samples.forEach((id, i) => {
    t += p.timeDeltas[i] ?? 0;
    if (id !== idleId)
      busy.set(Math.floor(t / BUCKET), (busy.get(Math.floor(t / BUCKET)) ?? 0) + (p.timeDeltas[i] ?? 0));
  });
  const saturated = [...busy].filter(([, us]) => us >= 0.8 * BUCKET).map(([b]) => b);
  const end = (Math.max(...saturated) + 1) * BUCKET;
  return [end - SECONDS * 1_000_000, end];
}

function summarize(file: string, requests: number) {
  const p: Profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const idleId = p.nodes.find((n) => n.callFrame.functionName === '(idle)')?.id;
  const [from, to] = measuredWindow(p, idleId);
  const self = new Map<number, number>();
  let at = p.startTime;
  p.samples.forEach((id, i) => {
    at += p.timeDeltas[i] ?? 0;
    if (at >= from && at < to) self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const busy = [...self.entries()]
    .filter(([id]) => byId.get(id)?.callFrame.functionName !== '(idle)')
    .reduce((a, [, t]) => a + t, 0);
  const areas = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const [id, t] of self) {
    const f = byId.get(id)!.callFrame;
    areas.set(areaOf(f.url, f.functionName), (areas.get(areaOf(f.url, f.functionName)) ?? 0) + t);
    const where = f.url ? `${f.url.replace(/^.*node_modules\//, '').replace(root, '.')}:${f.lineNumber + 1}` : '';
    const key = `${f.functionName || '(anonymous)'} ${where}`;
    fns.set(key, (fns.get(key) ?? 0) + t);
  }
  const ms = (us: number) => (us / 1000).toFixed(0);
  const perReq = (us: number) => (requests ? (us / requests / 1000).toFixed(3) : '-');
  console.log(
    `  profile ${path.basename(file)}, the measured ${SECONDS} s only: ${ms(total)} ms sampled, ${ms(busy)} ms busy; ${requests} requests: ${perReq(busy)} ms of CPU per request`,
  );
  console.log('  by area (self time, share of busy, ms per request):');
  for (const [a, t] of [...areas].filter(([a]) => a !== 'idle').sort((x, y) => y[1] - x[1]))
    console.log(`    ${a.padEnd(44)} ${((100 * t) / busy).toFixed(1).padStart(5)} %  ${perReq(t)}`);
  console.log('  heaviest functions (self time):');
  for (const [f, t] of [...fns].sort((x, y) => y[1] - x[1]).slice(0, 25)) {
    if (f.startsWith('(idle)')) continue;
    console.log(`    ${((100 * t) / busy).toFixed(1).padStart(5)} %  ${f.slice(0, 150)}`);
  }
}

async function profileOne(t: Target, env: NodeJS.ProcessEnv, data: BenchData) {
  const dir = path.join(DIR, t.name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const server = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, 'scripts/server.mjs'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => server.once('exit', r));
  try {
    await waitHealthy(`http://127.0.0.1:${PORT}/api/health`, 120_000);
    const base = `http://127.0.0.1:${PORT}`;
    const load = (connections: number, duration: number) => {
      const next = t.path(data);
      const more = t.headers?.();
      const headers: Record<string, string> = t.key ? { authorization: `Bearer ${data.key}` } : {};
      return autocannon({
        url: base,
        connections,
        duration,
        requests: [{ setupRequest: (req) => ({ ...req, path: next(), headers: { ...headers, ...more?.() } }) }],
      });
    };
    await load(10, 3); // warm-up (JIT, statements)
    const r = await load(CONNECTIONS, SECONDS);
    console.log(
      `\n## ${t.name} (${t.label ?? t.path(data)()}): ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.errors} errors, ${r.non2xx} not 2xx `,
    );
    server.kill('SIGTERM');
    await exited;
    const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
    if (!files.length) throw new Error(`no profile in ${dir}`);
    const file = files.map((f) => path.join(dir, f)).sort((a, b) => statSync(b).size - statSync(a).size)[0];
    summarize(file, r.requests.total);
  } finally {
    if (server.exitCode === null) server.kill('SIGKILL');
  }
}

async function main() {
  const distPath = path.join(root, distDir);
  if (!existsSync(distPath) || buildIsStale(root, distPath)) {
    console.log('Building (production)...');
    sh(
      process.execPath,
      [path.join(root, 'node_modules/next/dist/bin/next'), 'build'],
      childEnv({ NEXT_DIST_DIR: distDir }),
    );
  }
  const env = benchEnv(PORT);
  const dropDb = createPostgres(env, 'sl_profile');
  // the bench's dataset (bench/seed-large.ts), its locks behind the bench's bridge, as `npm run bench`
  const bridge = await startBenchBridge(bridgePort(PORT), env.SIM_COMMAND_MS ?? '0', env);
  try {
    const data = prepareData(env, bridge);
    const only = harness().PROFILE_ONLY;
    for (const t of TARGETS.filter((x) => !only || only.test(x.name))) await profileOne(t, env, data);
    console.log(`\nProfiles: ${DIR}/<path>/*.cpuprofile`);
  } finally {
    await bridge.stop();
    dropDb();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
