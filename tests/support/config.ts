import { expect } from 'vitest';
import { type ConfigName, config, setEnv } from '@/lib/config';
import { childEnv } from '@/lib/config/harness';

/**
 * The one way a test changes the configuration (issue 28; lib/config): `setConfig` for the rest of
 * the test (restored after it, whatever happened), `withConfig` around a piece of code. A value of
 * undefined unsets the variable. The values go into this process's environment, where config()
 * finds them (under Vitest it parses again when one changed) and child processes inherit them.
 */
export type ConfigValues = Partial<Record<ConfigName, string | undefined>>;

/** What to put back after the current test, and after the file (what was set outside a test). */
const undo = { test: [] as (() => void)[], file: [] as (() => void)[] };

/**
 * Sets `values` until the end of the current test (in a test or a beforeEach), or of the file (at
 * its top or in a beforeAll).
 */
export function setConfig(values: ConfigValues): void {
  undo[expect.getState().currentTestName === undefined ? 'file' : 'test'].push(setEnv(values));
}

/** Runs `fn` with `values` set, then puts back what was there (also when it throws). */
export async function withConfig<T>(values: ConfigValues, fn: () => T | Promise<T>): Promise<T> {
  const restore = setEnv(values);
  try {
    return await fn();
  } finally {
    restore();
  }
}

/** What setConfig set, undone in reverse order (after each test, and after the file: tests/support/setup.ts). */
export function restoreConfig(scope: 'test' | 'file'): void {
  const list = undo[scope];
  while (list.length) list.pop()?.();
}

/** This run's database is a real Postgres (DATABASE_URL), not PGlite in memory. */
export const onPostgres = (): boolean => !!config().DATABASE_URL;

/**
 * The environment a child process (a server, a script) starts with: this process's, with `changes`
 * (lib/config/harness.ts). A knob of the test run itself (FUZZ_SEED, MATRIX_RUNS, TEST_BRIDGE_PORTS
 * ...) is `harness()`'s, given on the command line of a run.
 */
export { childEnv };
