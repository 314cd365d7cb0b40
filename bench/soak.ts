// The soak (issue 21): a mixed load (bench/soak-mix.ts) for BENCH_SOAK_MINUTES (default 10) at
// BENCH_SOAK_RPS (default 150 req/s) on the production shape: two server processes behind HAProxy
// (scripts/cluster.mjs) on one Postgres with the bench's dataset (and the big organization with
// BENCH_SIZE=large), background workers on, the device
// locks of a virtual bridge process (bench/bridge.ts) answering in BENCH_SOAK_COMMAND_MS (default 200). Every 5 s it reads each process's RSS
// from /proc/<pid>/status (and its V8 heap from /api/bench/memory), and once a minute the heap right
// after a full collection (the live heap: what a leak would grow; BENCH_SOAK_LIVE_HEAP=0 leaves the
// collector alone, and RSS then also shows how far V8 lets the heap grow). Verdicts, after a warm-up of
// BENCH_SOAK_WARMUP_MINUTES (default 2):
//  - memory: each process's mean RSS in the last minute within 10 % of its mean in the first minute after the warm-up;
//  - p99 stable: the median of the last three minutes' p99 at most 1.5 × the median of the first three after the warm-up;
//  - no errors in any minute (warm-up included): 5xx, statuses an operation does not expect, network errors, timeouts.
// Prints a per-minute table and writes it into docs/benchmarks.md between the "soak" markers.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { startBenchBridge, type BenchBridge } from './bridge';
import { benchEnv, bridgePort, createPostgres, prepareData, root, waitHealthy } from './server';
import { soakMix } from './soak-mix';
import { percentile, runLoad } from './soak-load';
import { soakReport, type Proc } from './soak-report';
import { harness } from '../lib/config/harness';

export const soakMinutes = () => harness().BENCH_SOAK_MINUTES;
const CONCURRENCY = 200;
const SIZE = 2;

const rssOf = (pid: number): number | null => {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
};
const childrenOf = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
const commOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
};

async function memoryOf(
  port: number,
  key: string,
  gc = false,
): Promise<{ pid: number; heapUsed: number; collected: boolean } | null> {
  try {
    const r = await fetch(`http://127.0.0.1:${port}/api/bench/memory${gc ? '?gc=1' : ''}`, {
      headers: { authorization: `Bearer ${key}` },
      signal: AbortSignal.timeout(5000),
    });
    return ((await r.json()) as { result: { pid: number; heapUsed: number; collected: boolean } }).result;
  } catch {
    return null;
  }
}

/** Runs the soak; returns whether every verdict passed. */
export async function soak(port: number): Promise<boolean> {
  const minutes = soakMinutes();
  // BENCH_SOAK_LIVE_HEAP=0: no forced collection, so RSS is that of a process left to V8's own pace
  const { BENCH_SOAK_RPS: RPS, BENCH_SOAK_LIVE_HEAP: LIVE_HEAP } = harness();
  const warmup = Math.min(harness().BENCH_SOAK_WARMUP_MINUTES, Math.max(0, minutes - 1));
  const commandMs = String(harness().BENCH_SOAK_COMMAND_MS);
  // TRUST_PROXY_HOPS=2: the link page's guests name themselves in X-Forwarded-For as if behind a
  // second proxy; HAProxy appends the address it saw (127.0.0.1 for every one of them)
  // --expose-gc: /api/bench/memory?gc=1 collects fully once a minute before it measures (the live heap)
  const env = benchEnv(port, {
    SIM_COMMAND_MS: commandMs,
    TRUST_PROXY_HOPS: '2',
    CLUSTER_SIZE: String(SIZE),
    BACKGROUND_WORKERS: '1',
    NODE_OPTIONS: `${harness().NODE_OPTIONS ?? ''} --expose-gc`.trim(),
  });
  const backends = Array.from({ length: SIZE }, (_, i) => port + 10 + i);
  let cluster: ChildProcess | undefined;
  let dropDb = () => {};
  let bridge: BenchBridge | undefined;
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      if (cluster && cluster.exitCode === null) {
        const exited = new Promise((r) => cluster!.once('exit', r));
        cluster.kill('SIGTERM'); // it stops the proxy, then its processes, and waits for them
        await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
      }
      await bridge?.stop();
      dropDb();
    })());
  const onSignal = () => void stop().then(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    console.log(
      `\n## soak: ${minutes} min at ${RPS} req/s on ${SIZE} processes behind HAProxy (Postgres), warm-up ${warmup} min`,
    );
    dropDb = createPostgres(env, 'sl_soak');
    // the locks behind a virtual bridge process answering in BENCH_SOAK_COMMAND_MS (bench/bridge.ts)
    bridge = await startBenchBridge(bridgePort(port), commandMs, env);
    const data = prepareData(env, bridge);
    cluster = spawn(process.execPath, ['scripts/cluster.mjs'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    await waitHealthy(`http://127.0.0.1:${port}/api/health`, 900_000);
    for (const p of backends) await waitHealthy(`http://127.0.0.1:${p}/api/health`, 60_000);
    const procs: Proc[] = [];
    for (const [i, p] of backends.entries()) {
      const m = await memoryOf(p, data.key);
      if (!m) throw new Error(`no memory answer from the process on port ${p}`);
      procs.push({ name: `app${i + 1}`, pid: m.pid, port: p, samples: [], live: [] });
    }
    const proxyPid = childrenOf(cluster.pid!).find((c) => commOf(c) === 'haproxy');
    if (proxyPid) procs.push({ name: 'haproxy', pid: proxyPid, samples: [], live: [] });

    const t0 = Date.now();
    const loads: number[] = [];
    const sampler = setInterval(async () => {
      const minute = Math.floor((Date.now() - t0) / 60_000);
      if (minute >= minutes) return;
      loads[minute] = Math.max(loads[minute] ?? 0, loadavg()[0]);
      for (const p of procs) {
        const rss = rssOf(p.pid);
        const heap = p.port ? ((await memoryOf(p.port, data.key))?.heapUsed ?? null) : null;
        if (rss !== null) p.samples.push({ minute, rss, heap });
      }
    }, 5000);
    // 55 s into each minute: each process's heap right after a full collection
    const liveHeap = async () => {
      const minute = Math.floor((Date.now() - t0) / 60_000);
      for (const p of procs) {
        const m = p.port ? await memoryOf(p.port, data.key, true) : null;
        if (m?.collected) p.live[minute] = m.heapUsed;
      }
    };
    let liveTimer: ReturnType<typeof setInterval> | undefined;
    const liveStart = setTimeout(() => {
      if (!LIVE_HEAP) return;
      void liveHeap();
      liveTimer = setInterval(() => void liveHeap(), 60_000);
    }, 55_000);
    const result = await runLoad({
      base: `http://127.0.0.1:${port}`,
      key: data.key,
      ops: soakMix(data),
      rps: RPS,
      concurrency: CONCURRENCY,
      minutes,
      warmupMinutes: warmup,
      onMinute: (m, stats) => {
        const rss = procs
          .map(
            (p) => `${p.name} ${((p.samples.filter((s) => s.minute === m).at(-1)?.rss ?? 0) / 2 ** 20).toFixed(0)} MiB`,
          )
          .join(', ');
        const p99 = percentile(stats.latencies, 99).toFixed(0);
        console.log(
          `  minute ${m + 1}/${minutes}${m < warmup ? ' (warm-up)' : ''}: ${stats.latencies.length} requests, ${stats.errors} errors, ${stats.shed} shed, p99 ${p99} ms; RSS ${rss}; load average ${(loads[m] ?? 0).toFixed(1)}`,
        );
      },
    });
    clearInterval(sampler);
    clearTimeout(liveStart);
    clearInterval(liveTimer);
    const report = soakReport({ result, procs, warmup, rps: RPS, loads, liveHeap: LIVE_HEAP });
    console.log(
      '\n' +
        report.table +
        '\n\n' +
        report.verdicts.map((v) => `${v.pass ? 'PASS' : 'FAIL'}  ${v.text}`).join('\n') +
        report.info.map((t) => `\n      ${t}`).join(''),
    );
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
    writeSection(
      [
        '<!-- soak -->',
        `Measured by \`npm run bench\` (or \`npm run bench -- soak\` alone) on ${machine}, ${new Date().toISOString().slice(0, 10)}: ${minutes} minutes of mixed load at ${RPS} req/s (open loop, at most ${CONCURRENCY} in flight) through HAProxy to ${SIZE} server processes on one Postgres holding the bench's dataset${harness().BENCH_SIZE === 'large' ? ' and the big organization (BENCH_SIZE=large)' : ' (1,000 devices, 1,000,000 activity entries)'}, background workers on, simulated devices answering in ${commandMs} ms, ${LIVE_HEAP ? 'a full collection in each process once a minute for its live heap' : 'no forced collection (BENCH_SOAK_LIVE_HEAP=0)'}. The first ${warmup} minutes are the warm-up.`,
        '',
        report.table,
        '',
        [
          ...report.verdicts.map((v) => `- ${v.pass ? 'PASS' : 'FAIL'}: ${v.text}`),
          ...report.info.map((t) => `- ${t}`),
        ].join('\n'),
        '',
        report.notes,
        '<!-- /soak -->',
      ].join('\n'),
    );
    console.log('\nWritten to docs/benchmarks.md (Soak)');
    return report.verdicts.every((v) => v.pass);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await stop();
  }
}

function writeSection(text: string) {
  const file = path.join(root, 'docs', 'benchmarks.md');
  const doc = readFileSync(file, 'utf8');
  const marked = /<!-- soak -->[\s\S]*<!-- \/soak -->/;
  writeFileSync(file, marked.test(doc) ? doc.replace(marked, text) : `${doc.trimEnd()}\n\n## Soak\n\n${text}\n`);
}
