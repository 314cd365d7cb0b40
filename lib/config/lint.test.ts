import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Configuration is read once (issue 28, eslint.config.mjs): `process.env` is refused everywhere but
 * in lib/config, the scripts, the bench, the browser tests' settings (e2e/env.ts) and the tests' setup helpers.
 */
const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });
const probe = ['export const a = process.env.SIM_COMMAND_MS;', "export const b = process.env['PORT'];"];
async function refused(filePath: string): Promise<number> {
  const [r] = await eslint.lintText(`${probe.join('\n')}\n`, { filePath: path.join(root, filePath) });
  return r.messages.filter((m) => m.ruleId === 'no-restricted-properties').length;
}

describe('process.env outside lib/config', () => {
  it('is refused in the server, the portal, the database code and the tests', { timeout: 60_000 }, async () => {
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
      // the browser tests read their settings from e2e/env.ts
      'e2e/probe.spec.ts',
      'e2e/fixtures.ts',
    ])
      expect(await refused(file), file).toBe(2);
  });

  it('is read in lib/config, the scripts, the bench, the browser tests’ settings and the tests’ setup helpers', {
    timeout: 60_000,
  }, async () => {
    for (const file of [
      'lib/config/probe.ts',
      'scripts/probe.ts',
      'bench/probe.ts',
      'e2e/env.ts',
      'tests/support/probe.ts',
    ])
      expect(await refused(file), file).toBe(0);
  });
});
