// `npx tsx bench/write-probe.ts`: what each write scenario (and unlock) runs in the database, measured.
// Starts the bench's server on Postgres (the same build, dataset and bridge as `npm run bench`) behind
// a counting proxy that reads the Postgres protocol on its way through, and LISTENs on the live
// channel. Then it makes each scenario's requests one at a time, in the scenario's own rotation, and
// prints per request: the statements the server ran before it answered, those after (the bridge's
// events coming back, the webhook and mail work they queue), the tables each statement writes, and
// the NOTIFYs delivered. Statements nobody asked for (the workers' polls) show up in idle windows too:
// an idle window is measured first and printed as such. The bridge's periodic re-read is put off
// (BRIDGE_RECONCILE_MS an hour) after the one the server makes as it starts.
// Env: BENCH_PORT (3200), BENCH_PG_URL, BENCH_DB_PREFIX, PROBE_REQUESTS (5 per scenario).
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import postgres from 'postgres';
import { scenarios, UNLOCK, WRITES } from './scenarios';
import { startBenchBridge } from './bridge';
import { benchEnv, bridgePort, createPostgres, prepareData, waitHealthy } from './server';
import { harness } from '../lib/config/harness';

const PORT = harness().BENCH_PORT ?? 3200;
const REQUESTS = harness().PROBE_REQUESTS;
/** how long after an answer its trailing work (events, callbacks) is still counted as its own */
const TAIL_MS = 400;

interface Seen {
  at: number;
  text: string;
}

/**
 * A TCP proxy to Postgres that records each statement a client executes: the text of a simple
 * Query, or of the prepared statement an Execute runs (its Parse seen earlier on the connection).
 */
function countingProxy(target: { host: string; port: number }, seen: Seen[]): Promise<net.Server> {
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const statements = new Map<string, string>();
    let portalStatement = '';
    let started = false;
    let buf = Buffer.alloc(0);
    const cstr = (b: Buffer, at: number): [string, number] => {
      const end = b.indexOf(0, at);
      return [b.toString('utf8', at, end), end + 1];
    };
    client.on('data', (chunk) => {
      upstream.write(chunk);
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        if (!started) {
          if (buf.length < 8) return;
          const len = buf.readInt32BE(0);
          if (buf.length < len) return;
          // an SSLRequest is answered 'N' and followed by the real startup message
          if (buf.readInt32BE(4) !== 80877103) started = true;
          buf = buf.subarray(len);
          continue;
        }
        if (buf.length < 5) return;
        const len = buf.readInt32BE(1);
        if (buf.length < len + 1) return;
        const type = String.fromCharCode(buf[0]);
        const body = buf.subarray(5, len + 1);
        if (type === 'P') {
          const [name, at] = cstr(body, 0);
          statements.set(name, cstr(body, at)[0]);
        } else if (type === 'B') {
          const [, at] = cstr(body, 0);
          portalStatement = cstr(body, at)[0];
        } else if (type === 'E') {
          seen.push({ at: performance.now(), text: statements.get(portalStatement) ?? '?' });
        } else if (type === 'Q') {
          seen.push({ at: performance.now(), text: cstr(body, 0)[0] });
        }
        buf = buf.subarray(len + 1);
      }
    });
    upstream.on('data', (c) => client.write(c));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** One line per statement: the tables it writes (inserts, updates, deletes, also in CTEs), or its start. */
function describe(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  // not the `update` of `on conflict do update set`, `for update skip locked`, `for update of`
  const writes = [...t.matchAll(/(?<!\b(?:do|for) )\b(insert into|update|delete from) "?([a-z_]+)"?/gi)].map(
    (m) => `${m[1].toLowerCase()} ${m[2]}`,
  );
  if (writes.length) return [...new Set(writes)].join(' + ');
  return t.length > 90 ? `${t.slice(0, 90)}…` : t;
}

const summary = (list: Seen[]) => {
  const counts = new Map<string, number>();
  for (const s of list) counts.set(describe(s.text), (counts.get(describe(s.text)) ?? 0) + 1);
  return [...counts].map(([d, n]) => `      ${n > 1 ? `${n}× ` : ''}${d}`).join('\n');
};

async function main() {
  // the bridge's 949 locks are re-read every 30 s by default (thousands of statements): not in these windows
  const env = benchEnv(PORT, { BRIDGE_RECONCILE_MS: '3600000' });
  const drop = createPostgres(env, 'sl_probe');
  const bridge = await startBenchBridge(bridgePort(PORT), '0', env);
  let server: ChildProcess | undefined;
  let proxy: net.Server | undefined;
  const listener = postgres(env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  try {
    console.log('Seeding the benchmark dataset...');
    const data = prepareData(env, bridge);
    const seen: Seen[] = [];
    const direct = new URL(env.DATABASE_URL!);
    proxy = await countingProxy({ host: direct.hostname, port: Number(direct.port || 5432) }, seen);
    const viaProxy = new URL(env.DATABASE_URL!);
    viaProxy.port = String((proxy.address() as net.AddressInfo).port);
    const notified: Seen[] = [];
    await listener.listen('device_events', (payload) => notified.push({ at: performance.now(), text: payload }));

    server = spawn(process.execPath, ['scripts/start.mjs'], {
      env: { ...env, DATABASE_URL: viaProxy.toString() },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${PORT}`;
    await waitHealthy(`${base}/api/health`, 300_000);
    const headers = { authorization: `Bearer ${data.key}` };

    // the server reads its bridge's 949 locks as it starts (thousands of statements): wait for quiet
    for (let end = Date.now() + 180_000; Date.now() < end; ) {
      seen.length = 0;
      await new Promise((r) => setTimeout(r, 2000));
      if (seen.length < 40) break;
    }
    // the workers' own statements, with no request at all
    seen.length = 0;
    await new Promise((r) => setTimeout(r, 5000));
    console.log(`\n## idle, 5 s: ${seen.length} statements\n${summary(seen)}`);

    const all = scenarios(data);
    const wanted = [
      all[0],
      ...all.filter((s) => s.name === UNLOCK || (Object.values(WRITES) as string[]).includes(s.name)),
    ];
    for (const s of wanted) {
      await s.prepare?.(base, headers);
      await s.beforeEachRun?.(base, headers);
      const one = async () => {
        const p = s.path();
        const body = s.body?.();
        const from = performance.now();
        seen.length = 0;
        notified.length = 0;
        const r = await fetch(`${base}${p}`, {
          method: s.method,
          headers: { ...headers, ...s.headers?.(), ...(body ? { 'content-type': 'application/json' } : {}) },
          body,
        });
        const text = await r.text();
        const answered = performance.now();
        await new Promise((res) => setTimeout(res, TAIL_MS));
        if (!r.ok) throw new Error(`${s.name}: ${r.status} ${text.slice(0, 300)}`);
        return {
          ms: answered - from,
          before: seen.filter((x) => x.at <= answered),
          after: seen.filter((x) => x.at > answered),
          notes: notified.map((n) => n.text),
        };
      };
      for (let i = 0; i < 3; i++) await one(); // prepared statements, caches
      const runs = [];
      for (let i = 0; i < REQUESTS; i++) runs.push(await one());
      const med = [...runs].sort((a, b) => a.before.length - b.before.length)[Math.floor(runs.length / 2)];
      console.log(
        `\n## ${s.name}: ${runs.map((r) => r.before.length).join('/')} statements before the answer, ` +
          `${runs.map((r) => r.after.length).join('/')} in the ${TAIL_MS} ms after; ` +
          `answered in ${runs.map((r) => r.ms.toFixed(1)).join('/')} ms (one at a time, through the proxy)`,
      );
      console.log(`    before the answer (the median request):\n${summary(med.before)}`);
      if (med.after.length) console.log(`    after it:\n${summary(med.after)}`);
      console.log(`    NOTIFY device_events: ${med.notes.length ? med.notes.join(', ') : 'none'}`);
    }
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    proxy?.close();
    await listener.end({ timeout: 1 });
    await bridge.stop();
    drop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
