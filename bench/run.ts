// `npm run bench`: production build, large dataset, autocannon against each scenario, on Postgres
// and then on PGlite, then the soak (bench/soak.ts: a mixed load for BENCH_SOAK_MINUTES on two
// processes behind HAProxy on Postgres). Prints the tables with PASS/FAIL and writes docs/benchmarks.md
// (the scenarios' part at its top; the soak its own section; the other sections are kept).
// `npm run bench -- soak` runs the soak alone (and writes only its section).
// Env: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (50), BENCH_DB=postgres,pglite, BENCH_PG_URL,
// BENCH_PORT (3200; the soak's processes take BENCH_PORT+10 and +11; the locks' virtual bridge, bench/bridge.ts,
// BENCH_BRIDGE_PORT, default BENCH_PORT+50),
// BENCH_ONLY (a pattern of scenario names, to look at some of them; no soak, docs/benchmarks.md is then not written),
// BENCH_DB_PREFIX (the Postgres database names: <prefix>_<time>), BENCH_SOAK_MINUTES (10; 0 skips the soak), BENCH_SOAK_RPS, BENCH_SOAK_WARMUP_MINUTES, BENCH_SOAK_COMMAND_MS,
// BENCH_SOAK_LIVE_HEAP (bench/soak.ts). BENCH_SIZE=large adds the big organization of issue 34 (10,000 devices,
// 50 groups, 5,000 access records, BENCH_ACTIVITY_ROWS activity entries, default 20,000,000: bench/seed-large.ts)
// and its read scenarios ('big: ...'); the default size is unchanged. BENCH_KEEP_DB=1 leaves the Postgres database
// (to look at its plans; drop it by hand).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { scenarios, type Scenario } from './scenarios';
import { checkTargets, type Row } from './targets';
import { measureHop, startBenchBridge, type BenchBridge } from './bridge';
import { benchEnv, bridgePort, createPostgres, distDir, prepareData, root, sh, waitHealthy } from './server';
import { soak, soakMinutes } from './soak';
import { childEnv, harness } from '../lib/config/harness';

const { BENCH_SECONDS: SECONDS, BENCH_CONNECTIONS: CONNECTIONS, BENCH_PORT } = harness();
const BASE_SECONDS = Math.max(3, Math.round(SECONDS / 2));
const PORT = BENCH_PORT ?? 3200;

type Run = Omit<Row, 'db' | 'name' | 'baselineRps' | 'baselineP99'> & { errorKinds: string };

async function load(
  s: Scenario,
  keyHeaders: Record<string, string>,
  connections: number,
  duration = SECONDS,
): Promise<Run> {
  const headers = s.auth === 'session' ? {} : keyHeaders;
  await s.beforeEachRun?.(`http://127.0.0.1:${PORT}`, keyHeaders);
  const r = await autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections,
    duration,
    headers,
    requests: [
      {
        method: s.method,
        path: s.path(),
        // every request is built here, its path first, then its body (a write's target of its own)
        setupRequest: (req) => {
          const p = s.path();
          const body = s.body?.();
          const headers = { ...req.headers, ...s.headers?.(), ...(body ? { 'content-type': 'application/json' } : {}) };
          return { ...req, path: p, headers, ...(body ? { body } : {}) };
        },
      },
    ],
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    // autocannon's `errors` already counts each timeout (its `timeouts` is the part of them that timed out)
    errors: r.errors + r.non2xx,
    requests: r.requests.total,
    errorKinds: [
      ...Object.entries(r.statusCodeStats ?? {})
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, v]) => `${v.count}× ${code}`),
      ...(r.timeouts ? [`${r.timeouts} timeouts`] : []),
      ...(r.errors - r.timeouts > 0 ? [`${r.errors - r.timeouts} socket errors`] : []),
    ].join(', '),
  };
}

/** Waits until the server answers the baseline quickly again: requests a run gave up on still finish. */
async function drained(headers: Record<string, string>) {
  const end = Date.now() + 120_000;
  let quick = 0;
  while (quick < 3 && Date.now() < end) {
    const t = Date.now();
    await fetch(`http://127.0.0.1:${PORT}/api/bench/noop`, { headers }).catch(() => undefined);
    quick = Date.now() - t < 50 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function runOn(kind: 'postgres' | 'pglite'): Promise<Row[]> {
  let cleanUp = () => {};
  const env = benchEnv(PORT);
  let bridge: BenchBridge | undefined;
  let server: ChildProcess | undefined;
  try {
    if (kind === 'postgres') {
      cleanUp = createPostgres(env, 'sl_bench');
    } else {
      delete env.DATABASE_URL;
      env.PGLITE_DIR = path.join(root, '.data', 'bench-pglite');
      rmSync(env.PGLITE_DIR, { recursive: true, force: true });
      cleanUp = () => rmSync(env.PGLITE_DIR!, { recursive: true, force: true });
    }
    // the locks are behind a virtual bridge of their own process, as the product reaches them (issue 31)
    bridge = await startBenchBridge(bridgePort(PORT), env.SIM_COMMAND_MS ?? '0', env);
    console.log(`\n## ${kind}: seeding the benchmark dataset (its bridge at ${bridge.baseUrl})`);
    const data = prepareData(env, bridge);

    server = spawn(process.execPath, ['scripts/start.mjs'], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitHealthy(`http://127.0.0.1:${PORT}/api/health`, 300_000);
    const headers = { authorization: `Bearer ${data.key}` };
    const [baseline, ...rest] = scenarios(data);
    const rows: Row[] = [];
    const baselines: Array<Awaited<ReturnType<typeof load>>> = [];
    await load(baseline, headers, Math.min(CONNECTIONS, 10), 3);
    const only = harness().BENCH_ONLY;
    for (const s of rest.filter((x) => !only || only.test(x.name))) {
      if (s.prepare) await s.prepare(`http://127.0.0.1:${PORT}`, headers);
      await load(s, headers, Math.min(CONNECTIONS, 10), 3); // warm-up (JIT, prepared statements, caches)
      await drained(headers);
      // server time alone, before any backlog of the loaded run can queue in front of it
      const serialP50 = s.serverTime ? (await load(s, headers, 1, 5)).p50 : undefined;
      // a command's network hop alone: the server's request to the bridge, made from here one at a time
      const hop = s.kind === 'command' ? await measureHop(bridge, data.hopLockRemoteId, 3000) : undefined;
      // and the no-op alone beside them: what any request costs on this machine now
      const noopAlone = hop ? (await load(baseline, headers, 1, 3)).p50 : undefined;
      if (hop) await drained(headers);
      // The machine's speed drifts within seconds (shared cores): the baseline runs right before and
      // right after the scenario, and the scenario's ratio is to the mean of the two.
      const before = await load(baseline, headers, CONNECTIONS, BASE_SECONDS);
      const main = await load(s, headers, CONNECTIONS);
      await drained(headers);
      const after = await load(baseline, headers, CONNECTIONS, BASE_SECONDS);
      baselines.push(before, after);
      const baseRps = (before.rps + after.rps) / 2;
      rows.push({
        db: kind,
        name: s.name,
        ...main,
        baselineRps: baseRps,
        baselineP99: (before.p99 + after.p99) / 2,
        serialP50,
        noopAloneP50: noopAlone,
        hopP50: hop?.p50,
        hopP99: hop?.p99,
      });
      console.log(
        `  ${s.name.padEnd(28)} ${main.rps.toFixed(0).padStart(6)} req/s  p50 ${main.p50} ms  p99 ${main.p99} ms  errors ${main.errors}${main.errorKinds ? ` (${main.errorKinds})` : ''}  (baseline before/after: ${before.rps.toFixed(0)}/${after.rps.toFixed(0)} req/s, p99 ${before.p99}/${after.p99} ms)`,
      );
      if (serialP50 !== undefined || hop)
        console.log(
          `    alone (one connection): p50 ${serialP50 ?? '-'} ms${hop ? `; the bridge call alone (${hop.n} from the bench): p50 ${hop.p50} ms, p99 ${hop.p99} ms; the no-op alone: p50 ${noopAlone} ms` : ''}`,
        );
    }
    const med = [...baselines].sort((a, b) => a.rps - b.rps)[Math.floor(baselines.length / 2)];
    rows.unshift({ db: kind, name: baseline.name, ...med, baselineRps: med.rps, baselineP99: med.p99 });
    return rows;
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    await bridge?.stop();
    cleanUp();
  }
}

/** The scenarios' part of docs/benchmarks.md is everything above its first "## " section; those sections stay. */
function writeScenarios(text: string) {
  const file = path.join(root, 'docs', 'benchmarks.md');
  let doc = '';
  try {
    doc = readFileSync(file, 'utf8');
  } catch {
    /* a first run */
  }
  const at = doc.search(/^## /m);
  writeFileSync(file, at >= 0 ? `${text.trimEnd()}\n\n${doc.slice(at)}` : text);
}

async function main() {
  const soakOnly = process.argv.slice(2).includes('soak');
  console.log('Building (production)...');
  sh(
    process.execPath,
    [path.join(root, 'node_modules/next/dist/bin/next'), 'build'],
    childEnv({ NEXT_DIST_DIR: distDir }),
  );
  if (!soakOnly) {
    const kinds = harness().BENCH_DB;
    const rows: Row[] = [];
    for (const k of kinds) rows.push(...(await runOn(k)));
    const report = checkTargets(rows);
    console.log('\n' + report.table);
    if (harness().BENCH_ONLY) return; // a partial run is not the record
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
    writeScenarios(
      `# Benchmarks\n\nMeasured by \`npm run bench\` (${CONNECTIONS} connections, ${SECONDS} s per scenario after a warm-up) on ${machine}, ${new Date().toISOString().slice(0, 10)}.\nDataset: 1,000 devices for one user (949 locks behind a virtual bridge process, added as an administrator adds a bridge, and 50 gates), 1,000,000 activity entries on one lock, 200 access records on one device, 1,000 access links, 2,000 people in the organization (the access grant's grantees).${harness().BENCH_SIZE === 'large' ? ` BENCH_SIZE=large: the organization grown to 10,000 devices, 50 groups, 5,000 access records and ${harness().BENCH_ACTIVITY_ROWS.toLocaleString('en')} activity entries over 24 months (bench/seed-large.ts).` : ''}\nBaseline: \`GET /api/bench/noop\`, authenticated like every endpoint, returning a constant envelope; it runs right before and right after each scenario, the ratio is to the mean of the two, and its row shows the median run.\n\n${report.table}\n\n${report.notes}\n`,
    );
    console.log('\nWritten to docs/benchmarks.md');
  }
  // a verdict, like the scenarios' PASS/FAIL: printed and written, not the exit status
  if (soakMinutes() > 0) await soak(PORT);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
