// The soak's per-minute table and verdicts (the rules are in bench/soak.ts's header).
import { percentile, type LoadResult } from './soak-load';

export interface Proc {
  name: string;
  pid: number;
  /** the process's own port (for its heap); none for the proxy */
  port?: number;
  samples: Array<{ minute: number; rss: number; heap: number | null }>;
  /** heap right after a full collection, by minute */
  live: number[];
}

export interface Verdict {
  pass: boolean;
  text: string;
}

const MEMORY_GROWTH = 0.1;
const P99_FACTOR = 1.5;
const mib = (b: number) => (b / 2 ** 20).toFixed(0);
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

export function soakReport(o: {
  result: LoadResult;
  procs: Proc[];
  warmup: number;
  rps: number;
  loads: number[];
  liveHeap: boolean;
}) {
  const { minutes, perOp } = o.result;
  const rssIn = (p: Proc, m: number) => mean(p.samples.filter((s) => s.minute === m).map((s) => s.rss));
  const heapIn = (p: Proc, m: number) =>
    mean(p.samples.filter((s) => s.minute === m && s.heap !== null).map((s) => s.heap!));
  const head = [
    'minute',
    'requests',
    'errors',
    'shed',
    'p50 ms',
    'p99 ms',
    ...o.procs.flatMap((p) =>
      p.port
        ? [`${p.name} RSS MiB`, `${p.name} heap MiB`, ...(o.liveHeap ? [`${p.name} live heap MiB`] : [])]
        : [`${p.name} RSS MiB`],
    ),
    'load avg',
  ];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`];
  minutes.forEach((m, i) => {
    const mem = o.procs.flatMap((p) =>
      p.port
        ? [mib(rssIn(p, i)), mib(heapIn(p, i)), ...(o.liveHeap ? [p.live[i] === undefined ? '-' : mib(p.live[i])] : [])]
        : [mib(rssIn(p, i))],
    );
    const label = i < o.warmup ? `${i + 1} (warm-up)` : String(i + 1);
    lines.push(
      `| ${[label, m.latencies.length, m.errors, m.shed, percentile(m.latencies, 50).toFixed(0), percentile(m.latencies, 99).toFixed(0), ...mem, (o.loads[i] ?? 0).toFixed(1)].join(' | ')} |`,
    );
  });

  const verdicts: Verdict[] = [];
  const first = o.warmup;
  const last = minutes.length - 1;
  for (const p of o.procs) {
    const [a, b] = [rssIn(p, first), rssIn(p, last)];
    const growth = b / a - 1;
    verdicts.push({
      pass: growth < MEMORY_GROWTH,
      text: `${p.name} memory: mean RSS ${mib(a)} MiB in minute ${first + 1}, ${mib(b)} MiB in minute ${last + 1} (${(growth * 100).toFixed(1)} %, limit < ${MEMORY_GROWTH * 100} %)`,
    });
  }
  // information beside the verdict: the live heap after the warm-up, from its first to its last reading
  const info: string[] = [];
  for (const p of o.procs.filter((x) => x.port)) {
    const live = p.live.map((v, m) => [m, v] as const).filter(([m, v]) => m >= first && v !== undefined);
    if (live.length < 2) continue;
    const [[m0, a], [m1, b]] = [live[0], live[live.length - 1]];
    info.push(
      `${p.name} live heap (after a full collection): ${mib(a)} MiB in minute ${m0 + 1}, ${mib(b)} MiB in minute ${m1 + 1} (${((b / a - 1) * 100).toFixed(1)} %)`,
    );
  }
  const measured = minutes.slice(first).map((m) => percentile(m.latencies, 99));
  const k = Math.max(1, Math.min(3, Math.floor(measured.length / 2)));
  const [early, late] = [median(measured.slice(0, k)), median(measured.slice(-k))];
  verdicts.push({
    pass: late <= early * P99_FACTOR,
    text: `p99 stable: median p99 of the last ${k} minute(s) ${late.toFixed(0)} ms, of the first ${k} after the warm-up ${early.toFixed(0)} ms (limit ${P99_FACTOR} ×)`,
  });
  const errors = minutes.reduce((a, m) => a + m.errors, 0);
  const kinds = new Map<string, number>();
  for (const m of minutes) for (const [kind, n] of m.errorKinds) kinds.set(kind, (kinds.get(kind) ?? 0) + n);
  const what = [...kinds].map(([kind, n]) => `${kind} × ${n}`).join('; ');
  verdicts.push({
    pass: errors === 0,
    text: `errors: ${errors} of ${minutes.reduce((a, m) => a + m.latencies.length, 0)} requests${what ? ` (${what})` : ''}`,
  });

  const ops = [...perOp].sort((a, b) => b[1].latencies.length - a[1].latencies.length);
  const notes = [
    `After the warm-up, per operation: ${ops.map(([name, s]) => `${name} ${s.latencies.length} (p50 ${percentile(s.latencies, 50).toFixed(0)} / p99 ${percentile(s.latencies, 99).toFixed(0)} ms${s.errors ? `, ${s.errors} errors` : ''})`).join('; ')}.`,
    '',
    'Notes:',
    "- Expected answers: 200 for reads, 202 or 409 (the lock is busy: the contract's answer) for unlock, 201/204 or 409 for PIN create/delete, 201/204 for access grant/revoke; anything else, a network error or no answer within 15 s is an error.",
    '- "shed": requests due while 200 were open, not sent (the load is an open loop at a fixed rate). RSS from /proc/<pid>/status and the V8 heap from /api/bench/memory, sampled every 5 s, mean per minute; "live heap": the heap right after a full collection, 55 s into the minute. "load avg": the machine\'s highest 1-minute load average in that minute (it has other work too).',
    `- Memory verdict: mean RSS of the last minute vs the first minute after the warm-up, per process. p99 verdict: median of the last minutes' p99 vs the first minutes' after the warm-up (medians, so one noisy minute on a shared machine does not decide it).`,
  ].join('\n');
  return { table: lines.join('\n'), verdicts, info, notes };
}
