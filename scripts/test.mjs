#!/usr/bin/env node
// `npm test`: type check, the formatter's check (Biome), lint, unit and API tests (Vitest), the bundle check
// (the production build, made when older than the sources, carries no drizzle to the browser), then the
// browser tests (Playwright).
// Runs on PGlite unless DATABASE_URL is set. Stops at the first failing step. With DATABASE_URL and
// E2E_CLUSTER=1 (CI's Postgres leg) the browser tests and, once more, the API contract tests run
// against two server processes behind HAProxy, so what one process keeps in its memory fails a test.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const bin = (n) => path.join(process.cwd(), 'node_modules', '.bin', n);
const steps = [
  ['type check', bin('tsc'), ['--noEmit']],
  ['format', bin('biome'), ['format', '.']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['unit and API tests', bin('vitest'), ['run']],
  // the same contract cases over HTTP through the cluster (tests/support/cluster-setup.ts); PGlite
  // cannot be shared by processes, so Postgres only
  ...(process.env.DATABASE_URL && process.env.E2E_CLUSTER === '1'
    ? [['contract tests through the cluster', bin('vitest'), ['run', 'tests/contract'], { CONTRACT_CLUSTER: '1' }]]
    : []),
  // after the build (it builds when the build is older than the sources), before the browser tests use it
  ['bundle check', process.execPath, [path.join('scripts', 'check-client-bundle.mjs')]],
  ['browser tests', bin('playwright'), ['test']],
];
const only = process.env.TEST_ONLY?.split(',');
for (const [name, cmd, args, extraEnv] of steps) {
  if (only && !only.some((o) => name.includes(o))) continue;
  console.log(`\n=== ${name} (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'}) ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  console.log(`=== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s ===`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}
