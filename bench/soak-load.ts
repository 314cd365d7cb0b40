// The soak's load generator: an open loop at a fixed rate (requests start on schedule whatever the
// answers take, as independent clients do), at most `concurrency` in flight; a request due while
// that many are open is shed and counted. Every answer is recorded in the minute it started.
import http from 'node:http';
import type { Op, Req } from './soak-mix';

export interface Minute {
  latencies: number[];
  errors: number;
  shed: number;
  /** errors by operation and status (or network error / timeout), to say what went wrong */
  errorKinds: Map<string, number>;
}

export interface LoadResult {
  minutes: Minute[];
  /** post-warm-up latencies and errors per operation */
  perOp: Map<string, { latencies: number[]; errors: number }>;
}

const TIMEOUT_MS = 15_000;

export async function runLoad(o: {
  base: string;
  key: string;
  ops: Op[];
  rps: number;
  concurrency: number;
  minutes: number;
  warmupMinutes: number;
  onMinute: (m: number, stats: Minute) => void;
}): Promise<LoadResult> {
  const url = new URL(o.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.concurrency });
  const total = o.ops.reduce((a, op) => a + op.weight, 0);
  const minutes: Minute[] = Array.from({ length: o.minutes }, () => ({
    latencies: [],
    errors: 0,
    shed: 0,
    errorKinds: new Map(),
  }));
  const perOp = new Map<string, { latencies: number[]; errors: number }>();
  let inFlight = 0;

  const choose = (): [Op, Req] | null => {
    for (let tries = 0; tries < 5; tries++) {
      let r = Math.random() * total;
      const op = o.ops.find((x) => (r -= x.weight) < 0) ?? o.ops[0];
      const req = op.next();
      if (req) return [op, req];
    }
    return null;
  };

  const send = (minute: number) => {
    const picked = choose();
    if (!picked) return;
    const [op, req] = picked;
    const m = minutes[minute];
    inFlight++;
    const started = performance.now();
    const body = req.body === undefined ? undefined : JSON.stringify(req.body);
    const headers: Record<string, string> = req.headers?.cookie
      ? { ...req.headers }
      : { authorization: `Bearer ${o.key}`, ...req.headers };
    if (body) headers['content-type'] = 'application/json';
    let over = false;
    const finish = (outcome: number | string, text: string) => {
      if (over) return;
      over = true;
      inFlight--;
      const ms = performance.now() - started;
      const ok = typeof outcome === 'number' && req.ok.includes(outcome);
      m.latencies.push(ms);
      if (!ok) {
        m.errors++;
        const kind = `${op.name}: ${outcome}`;
        m.errorKinds.set(kind, (m.errorKinds.get(kind) ?? 0) + 1);
      } else req.then?.(outcome as number, text);
      req.done?.();
      if (minute >= o.warmupMinutes) {
        const s = perOp.get(op.name) ?? { latencies: [], errors: 0 };
        s.latencies.push(ms);
        if (!ok) s.errors++;
        perOp.set(op.name, s);
      }
    };
    const r = http.request(
      { host: url.hostname, port: url.port, path: req.path, method: req.method, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => finish(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
        res.on('error', (e) => finish(`network error (${e.message})`, ''));
      },
    );
    r.setTimeout(TIMEOUT_MS, () => {
      finish('timeout', '');
      r.destroy();
    });
    r.on('error', (e) => finish(`network error (${(e as NodeJS.ErrnoException).code ?? e.message})`, ''));
    r.end(body);
  };

  const t0 = performance.now();
  const endAt = o.minutes * 60_000;
  let sent = 0;
  let lastMinute = -1;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const t = performance.now() - t0;
      if (t >= endAt) {
        clearInterval(tick);
        return resolve();
      }
      const minute = Math.floor(t / 60_000);
      if (minute !== lastMinute) {
        if (lastMinute >= 0) o.onMinute(lastMinute, minutes[lastMinute]);
        lastMinute = minute;
      }
      for (const due = Math.floor((t / 1000) * o.rps); sent < due; sent++) {
        if (inFlight >= o.concurrency) minutes[minute].shed++;
        else send(minute);
      }
    }, 10);
  });
  // the requests still open finish in the minute they started
  const drainEnd = Date.now() + TIMEOUT_MS + 1000;
  while (inFlight > 0 && Date.now() < drainEnd) await new Promise((r) => setTimeout(r, 100));
  o.onMinute(o.minutes - 1, minutes[o.minutes - 1]);
  agent.destroy();
  return { minutes, perOp };
}

export const percentile = (xs: number[], p: number): number => {
  if (!xs.length) return 0;
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
