#!/usr/bin/env node
// `npm test`: type check, lint, unit and API tests (Vitest), then the browser tests (Playwright).
// Runs on PGlite unless DATABASE_URL is set. Stops at the first failing step.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const bin = (n) => path.join(process.cwd(), 'node_modules', '.bin', n);
const steps = [
  ['type check', bin('tsc'), ['--noEmit']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['unit and API tests', bin('vitest'), ['run']],
  ['browser tests', bin('playwright'), ['test']],
];
const only = process.env.TEST_ONLY?.split(',');
for (const [name, cmd, args] of steps) {
  if (only && !only.some((o) => name.includes(o))) continue;
  console.log(`\n=== ${name} (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'}) ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  console.log(`=== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s ===`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}
