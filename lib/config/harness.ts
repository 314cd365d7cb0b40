import { z } from 'zod';
import { type ConfigName, flag, number, text } from './schema';

/**
 * The settings of the project's own harness: the tests, the browser tests and the benchmark (issue 28:
 * `process.env` is read in lib/config and the scripts only). They are not the server's (those are
 * `config()`'s, lib/config/schema.ts) and the server never reads them: each names a port, a run's
 * size or seed, a folder for what a run leaves behind. One zod schema as the server's, with its
 * rules: an empty value is unset, a value that is not accepted stops the run with a line naming
 * the variable. Read at use (`harness()` parses again when one of them changed): a run's setup may
 * set one (the contract cluster gives the tests its address in API_BASE_URL).
 */

const port = (fallback: number) => number(fallback, { min: 1, max: 65_535, whole: true });
/** a number asked for on the command line, else undefined (the reader picks, e.g. a seed from the clock) */
const maybeNumber = () =>
  text().transform((v, ctx) => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: `must be a number, not ${JSON.stringify(v)}` });
      return z.NEVER;
    }
    return n;
  });
/** ports `from-to` (a range this run may take), else undefined */
const portRange = () =>
  text().transform((v, ctx) => {
    if (v === undefined) return undefined;
    const m = /^(\d+)-(\d+)$/.exec(v);
    if (!m || Number(m[1]) > Number(m[2])) {
      ctx.addIssue({ code: 'custom', message: `must be a range of ports like 4600-4699, not ${JSON.stringify(v)}` });
      return z.NEVER;
    }
    return { from: Number(m[1]), to: Number(m[2]) };
  });
/** a case-insensitive pattern of names (BENCH_ONLY=unlock), else undefined */
const pattern = () =>
  text().transform((v, ctx) => {
    if (v === undefined) return undefined;
    try {
      return new RegExp(v, 'i');
    } catch {
      ctx.addIssue({ code: 'custom', message: `is not a pattern: ${JSON.stringify(v)}` });
      return z.NEVER;
    }
  });

export const harnessSchema = z.object({
  // where to find things on this machine
  CHROMIUM_PATH: text().transform((v) => v ?? '/usr/bin/chromium'),
  NODE_OPTIONS: text(),

  // the browser tests (playwright.config.ts, e2e/env.ts)
  E2E_PORT: port(3100),
  E2E_WIDTHS: text(),
  E2E_SCREENS: flag(true),
  PW_OUTPUT_DIR: text().transform((v) => v ?? 'test-results'),

  // the tests (Vitest)
  API_BASE_URL: text(),
  CONTRACT_CLUSTER: flag(false),
  CONTRACT_CLUSTER_PORT: port(3400),
  TEST_BRIDGE_PORTS: portRange(),
  RESILIENCE_DIST_DIR: text().transform((v) => v ?? '.next'),
  RESILIENCE_PORT_BASE: port(3500),
  FUZZ_SEED: maybeNumber(),
  FUZZ_REPORT: text(),
  MATRIX_SEED: maybeNumber(),
  MATRIX_PATH: text(),
  MATRIX_RUNS: number(40, { min: 1, whole: true }),
  MATRIX_NO_SHRINK: flag(false),
  CHAINS_SEED: maybeNumber(),
  CHAINS_PATH: text(),
  CHAINS_RUNS: number(12, { min: 1, whole: true }),

  // the benchmark (bench/)
  BENCH_PORT: maybeNumber(),
  BENCH_SECONDS: number(10, { min: 1, unit: 'seconds' }),
  BENCH_CONNECTIONS: number(50, { min: 1, whole: true }),
  BENCH_ONLY: pattern(),
  BENCH_DB: text().transform((v, ctx) => {
    const kinds = (v ?? 'postgres,pglite').split(',');
    if (kinds.every((k) => k === 'postgres' || k === 'pglite')) return kinds as Array<'postgres' | 'pglite'>;
    ctx.addIssue({
      code: 'custom',
      message: `must name postgres, pglite or both (comma-separated), not ${JSON.stringify(v)}`,
    });
    return z.NEVER;
  }),
  BENCH_SIZE: z
    .enum(['default', 'large', ''])
    .optional()
    .transform((v) => (v === 'large' ? 'large' : 'default')),
  BENCH_ACTIVITY_ROWS: number(20_000_000, { min: 0, whole: true }),
  BENCH_LOADS: number(20, { min: 1, whole: true }),
  BENCH_PG_URL: text().transform((v) => v ?? 'postgres://postgres@127.0.0.1:5432'),
  BENCH_DB_PREFIX: text(),
  BENCH_KEEP_DB: flag(false),
  BENCH_BRIDGE_PORT: maybeNumber(),
  BENCH_BRIDGE_URL: text(),
  BENCH_BRIDGE_TOKEN: text(),
  BENCH_SOAK_MINUTES: number(10, { min: 0, unit: 'minutes' }),
  BENCH_SOAK_WARMUP_MINUTES: number(2, { min: 0, unit: 'minutes' }),
  BENCH_SOAK_RPS: number(150, { min: 1 }),
  BENCH_SOAK_LIVE_HEAP: flag(true),
  BENCH_SOAK_COMMAND_MS: number(200, { min: 0, unit: 'milliseconds' }),
  PROFILE_DIR: text().transform((v) => v ?? '.bench-profile'),
  PROFILE_ONLY: pattern(),
  PROBE_RUNS: number(3, { min: 1, whole: true }),
  PROBE_ONLY: pattern(),
  PROBE_REQUESTS: number(5, { min: 1, whole: true }),
  LOCKDOWN_LOCKS: number(1000, { min: 1, whole: true }),
  LOCKDOWN_RUNS: number(3, { min: 1, whole: true }),
});

export type Harness = z.output<typeof harnessSchema>;
export type HarnessName = keyof Harness;
export const HARNESS_NAMES = Object.keys(harnessSchema.shape) as HarnessName[];

let kept: { key: string; value: Harness } | undefined;

/**
 * The harness's settings as the environment says them now (a value not accepted throws, naming it);
 * parsed again only when one of its variables changed (a test's router asks on every request).
 */
export function harness(): Harness {
  const raw = HARNESS_NAMES.map((n) => process.env[n]);
  const key = JSON.stringify(raw);
  if (kept?.key === key) return kept.value;
  const parsed = harnessSchema.safeParse(Object.fromEntries(HARNESS_NAMES.map((n, i) => [n, raw[i]])));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${String(issue.path[0] ?? 'the harness')} ${issue.message}`);
  }
  kept = { key, value: parsed.data };
  return parsed.data;
}

/** A variable a run may set for itself and the processes it starts: the server's or the harness's. */
export type EnvName = ConfigName | HarnessName;

/**
 * The environment of a process a run starts (a server, a virtual bridge, a build): this one's, with
 * `changes` (a variable given undefined is left out). `changes` may name what the started program
 * reads besides the two schemas (the scripts' CLUSTER_SIZE, the virtual bridge's token, Next.js's
 * NEXT_DIST_DIR).
 */
export function childEnv(changes: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}
