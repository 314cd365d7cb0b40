import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Configuration is read once (issue 28, eslint.config.mjs): `process.env` is refused everywhere but
 * in lib/config (the server's settings, config(); the harness's, harness(); setEnv and childEnv) and
 * the scripts.
 */
const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });
const probe = ['export const a = process.env.SIM_COMMAND_MS;', "export const b = process.env['PORT'];"];
async function refused(filePath: string): Promise<number> {
  const [r] = await eslint.lintText(`${probe.join('\n')}\n`, { filePath: path.join(root, filePath) });
  return r.messages.filter((m) => m.ruleId === 'no-restricted-properties').length;
}

describe('process.env outside lib/config', () => {
  it('is refused in the server, the portal, the database code, the tests, the browser tests and the bench', {
    timeout: 60_000,
  }, async () => {
    for (const file of [
      'lib/domain/probe.ts',
      'lib/http/probe.ts',
      'lib/devices/tedee/probe.ts',
      'app/api/v37/probe/route.ts',
      'components/probe.tsx',
      'db/probe.ts',
      'proxy-probe.ts',
      'tests/api/probe.test.ts',
      'lib/auth/probe.test.ts',
      // the tests' setup helpers, the browser tests and the bench read theirs with harness()
      'tests/support/probe.ts',
      'tests/resilience/support.ts',
      'e2e/probe.spec.ts',
      'e2e/fixtures.ts',
      'e2e/env.ts',
      'bench/probe.ts',
      'playwright.config.ts',
      'next.config.mjs',
    ])
      expect(await refused(file), file).toBe(2);
  });

  it('is read in lib/config and the scripts', { timeout: 60_000 }, async () => {
    for (const file of ['lib/config/probe.ts', 'lib/config/probe.mjs', 'scripts/probe.ts'])
      expect(await refused(file), file).toBe(0);
  });
});
