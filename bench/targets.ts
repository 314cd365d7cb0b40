import { BIG_KIND, LINK_PAGE, LINK_READ, LOCK_LIST, UNLOCK, WRITES } from './scenarios';

export interface Row {
  db: 'postgres' | 'pglite';
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  serialP50?: number;
  /** a command's request to the bridge alone (bench/bridge.ts, measureHop), one at a time */
  hopP50?: number;
  hopP99?: number;
  /** the no-op's p50 with one connection, measured beside the hop */
  noopAloneP50?: number;
  /** req/s of the baseline: the mean of its runs right before and right after this scenario */
  baselineRps: number;
  /** its p99 (ms), the mean of the same two runs */
  baselineP99: number;
}

const SINGLE = ['GET lock by id', 'GET lock by id (session)', 'GET lock sync', 'GET operation status', 'GET PIN list'];
const LIST = ['GET activity first page', 'GET activity depth 900k', 'GET access list (200)', LOCK_LIST];
const DETAILS = 'GET device details (1,000)';
const WRITE: string[] = Object.values(WRITES);
/** Issue 34: an unlock is accepted (the bridge took it) within this much server time, one request at a time */
const UNLOCK_ALONE_MS = 20;
/** Issue 34: device details for 1,000 devices, its share of the no-op and its p50 alone */
const DETAILS_SHARE = 0.25;
const DETAILS_ALONE_MS = 30;
/** Issue 34: a read's p99 under load, at most this many times the no-op's p99 in the same run */
const P99_OVER_NOOP = 1.5;

/**
 * The targets of issue 34 (which tightened issue 9's ≥85 % and ≥50 %, and put the p99 against the
 * no-op's of the same run in place of a fixed 100 ms that the no-op itself misses on this machine):
 * ratios to the baseline of the same run, latencies, PGlite vs Postgres (issue 9).
 */
export function checkTargets(rows: Row[]): { table: string; notes: string } {
  const find = (db: string, name: string) => rows.find((r) => r.db === db && r.name === name);
  const lines = [
    '| database | scenario | req/s | p50 ms | p99 ms | errors | baseline req/s | vs baseline | target | result |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const r of rows) {
    const ratio = r.rps / r.baselineRps;
    const checks: Array<[string, boolean]> = [];
    if (r.db === 'postgres' && r.name in BIG_KIND) {
      // issue 34, item 3 (BENCH_SIZE=large): the big organization's reads against issue 34's read targets
      const kind = BIG_KIND[r.name];
      if (kind === 'single') checks.push(['≥90% of baseline', ratio >= 0.9]);
      if (kind === 'list') checks.push(['≥60% of baseline', ratio >= 0.6]);
      // at once up to 10,000 devices, paged past it (docs/api-compatibility.md): reported, as the 1,000's target says
      if (kind === 'details') checks.push(['reported (10,000 at once is the documented limit)', true]);
      if (r.serialP50 !== undefined && kind === 'details') checks.push([`alone p50 ${r.serialP50} ms`, true]);
    } else if (r.db === 'postgres') {
      if (SINGLE.includes(r.name)) checks.push(['≥90% of baseline', ratio >= 0.9]);
      if (LIST.includes(r.name)) checks.push(['≥60% of baseline', ratio >= 0.6]);
      if (r.name === DETAILS) checks.push([`≥${DETAILS_SHARE * 100}% of baseline`, ratio >= DETAILS_SHARE]);
      // issue 34, item 4: what a guest asks first, the page and then its read
      if (r.name === LINK_PAGE || r.name === LINK_READ) checks.push(['≥50% of baseline', ratio >= 0.5]);
      if (r.name === 'GET activity depth 900k') {
        const first = find('postgres', 'GET activity first page')!;
        checks.push(['within 10% of first page', r.rps >= first.rps * 0.9]);
      }
      // the reads (issue 34, item 2); the writes report their share, unlock is held to its time alone
      if (SINGLE.includes(r.name) || LIST.includes(r.name) || r.name === LINK_PAGE || r.name === LINK_READ) {
        const limit = Math.round(r.baselineP99 * P99_OVER_NOOP);
        checks.push([`p99 ≤ ${P99_OVER_NOOP} × the no-op's (${limit} ms)`, r.p99 <= limit]);
      }
    } else {
      const pg = find('postgres', r.name);
      if (pg && r.name !== 'baseline (no-op)' && !WRITE.includes(r.name))
        checks.push([`≥40% of Postgres (${((r.rps / pg.rps) * 100).toFixed(0)}%)`, r.rps >= pg.rps * 0.4]);
    }
    if (r.name === DETAILS && r.serialP50 !== undefined)
      checks.push([`p50 ≤ ${DETAILS_ALONE_MS} ms alone (${r.serialP50} ms)`, r.serialP50 <= DETAILS_ALONE_MS]);
    if (r.name === UNLOCK && r.serialP50 !== undefined)
      checks.push([`accepted alone p50 ≤ ${UNLOCK_ALONE_MS} ms (${r.serialP50} ms)`, r.serialP50 <= UNLOCK_ALONE_MS]);
    // writes: no target on speed; their share of the no-op is the "vs baseline" column (issue 34)
    if (WRITE.includes(r.name)) checks.push(['no errors; share reported', r.errors === 0]);
    else if (r.errors > 0 && r.name !== UNLOCK) checks.push(['no errors', false]);
    const target = checks.map((c) => c[0]).join('; ') || '-';
    const result = checks.length ? (checks.every((c) => c[1]) ? 'PASS' : 'FAIL') : '-';
    lines.push(
      `| ${r.db} | ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.baselineRps.toFixed(0)} | ${(ratio * 100).toFixed(0)}% | ${target} | ${result} |`,
    );
  }
  const notes = [
    'Notes:',
    '- "errors" counts non-2xx answers, socket errors and timeouts (each once). For POST unlock a 409 (device busy) is the',
    "  contract's answer when two commands meet on one lock; the scenario rotates over ~940 locks to keep that rare.",
    '- POST unlock (issue 31): the lock is behind a virtual bridge, its own process (`npm run bridge`), added as an',
    "  administrator adds a bridge; an unlock is accepted once the bridge took the request (204), and the lock's",
    '  outcome (a 0 ms timer) comes back to the server as two events. "Accepted alone" is the p50 with one connection',
    '  before the loaded run; "the hop" is the same request to the bridge made from the bench with the service\'s',
    "  client code, one at a time (the bridge's answer over loopback HTTP, api_key included):",
    ...rows
      .filter((r) => r.hopP50 !== undefined)
      .map(
        (r) =>
          `  ${r.db}: accepted alone p50 ${r.serialP50} ms, the hop p50 ${r.hopP50} ms (p99 ${r.hopP99} ms), ${r.serialP50 ? ((r.hopP50! / r.serialP50) * 100).toFixed(0) : '-'}% of it (the no-op alone: p50 ${r.noopAloneP50} ms); under load ${((r.rps / r.baselineRps) * 100).toFixed(0)}% of the baseline.`,
      ),
    `- Device details: p50 measured with one connection (server time without queueing) against the ${DETAILS_ALONE_MS} ms target,`,
    '  before the loaded run. The endpoint builds two answers at a time per process, the others wait in order.',
    `- Targets (issue 34): single reads ≥90% and lists ≥60% of the no-op, device details ≥${DETAILS_SHARE * 100}%, the guest's`,
    `  page and its read ≥50%, and each read's p99 ≤ ${P99_OVER_NOOP} × the no-op's p99 in the same run (the mean of the runs`,
    '  before and after it). PGlite is held to 40% of Postgres (issue 9) and to no errors.',
    '- Public link page: guests of 1,000 links from as many client addresses, so no rate limit answers instead of the page.',
    "  The page is one file for every link; its read (GET /link/{token}/page) is the guest's second request (issue 34: each ≥50%).",
    '- Writes (issue 34), each a real change answered 2xx with its audit row in the same transaction; target: no',
    '  errors, and their share of the no-op reported ("vs baseline"). Access grant: a guest access for the next of 2,000',
    '  verified members of the organization on the next of 939 locks (with its notice mail). PIN create: sent to the',
    '  lock through the bridge and confirmed, then stored; a new value on the next lock each time. Access link create:',
    '  three locks, 30 days. Lock settings (PATCH /my/lock): a new auto-lock delay at the current revision, saved with',
    '  an activity entry, sent to the lock through the bridge, answered once the lock confirmed it. Only the settings',
    "  change (and unlock) NOTIFY the live channel: its triggers fire on a device's state and activity, which the",
    '  other three do not touch. The statements each runs: `npx tsx bench/write-probe.ts`. Alone p50 beside each:',
    ...rows
      .filter((r) => WRITE.includes(r.name) && r.serialP50 !== undefined)
      .map((r) => `  ${r.db}: ${r.name}: alone p50 ${r.serialP50} ms.`),
    ...(rows.some((r) => r.name in BIG_KIND)
      ? [
          '- big: (BENCH_SIZE=large, issue 34 item 3): one organization of 10,000 devices (9,859 locks behind 91 bridges,',
          '  50 gates), 2,000 people, 50 groups, 5,000 access records and BENCH_ACTIVITY_ROWS activity entries over 24 months',
          '  (monthly partitions), read as its owner reads them; targets of issue 34: single ≥90%, lists ≥60% of the no-op,',
          '  no errors. Alone p50 (one connection) of each:',
          ...rows
            .filter((r) => r.name in BIG_KIND && r.serialP50 !== undefined)
            .map((r) => `  ${r.db}: ${r.name}: alone p50 ${r.serialP50} ms.`),
        ]
      : []),
    '- "baseline req/s" is the mean of the no-op runs right before and right after the scenario; the ratio is to it',
    "  (this machine's speed drifts within seconds).",
    '- What was changed for speed, what each change measured before and after: docs/performance.md.',
  ].join('\n');
  return { table: lines.join('\n'), notes };
}
