import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The seam of docs/devices.md: the simulator imports nothing from the domain but its errors (it
 * reports through its port), the domain nothing from the simulator, and lint enforces both.
 */
const root = path.resolve(__dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(f) && !f.endsWith('.test.ts') ? [p] : [];
  });
}

const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]);
/** An import as a path under the repository ('lib/domain/errors'), or the package name. */
const target = (file: string, spec: string) =>
  spec.startsWith('@/') ? spec.slice(2) : spec.startsWith('.') ? path.relative(root, path.resolve(path.dirname(file), spec)) : spec;

describe('the device seam', () => {
  it('the simulator imports nothing of the domain but lib/domain/errors, and not the gateway factory', () => {
    const found = files(path.join(root, 'lib/devices/simulator')).flatMap((f) => importsOf(f).map((s) => [path.relative(root, f), target(f, s)]));
    expect(found.length).toBeGreaterThan(20);
    const bad = found.filter(([, t]) => (t.startsWith('lib/domain') && t !== 'lib/domain/errors') || t === 'lib/devices' || t === 'lib/devices/index');
    expect(bad).toEqual([]);
  });

  it('the domain imports nothing of the simulator', () => {
    const bad = files(path.join(root, 'lib/domain'))
      .flatMap((f) => importsOf(f).map((s) => [path.relative(root, f), target(f, s)]))
      .filter(([, t]) => t.startsWith('lib/devices/simulator'));
    expect(bad).toEqual([]);
  });

  it('lint refuses both', { timeout: 60_000 }, async () => {
    const eslint = new ESLint({ cwd: root });
    const lint = async (filePath: string, code: string) =>
      (await eslint.lintText(code, { filePath: path.join(root, filePath) }))[0].messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.line);
    const simulator = [
      "import { recordActivity } from '@/lib/domain/activity/record';",
      "import { enqueueWebhookEvent } from '../../domain/webhooks/outbox';",
      "import { getGateway } from '@/lib/devices';",
      "import { Invalid } from '@/lib/domain/errors';",
      "import { LockState } from '../codes';",
      'export const all = [recordActivity, enqueueWebhookEvent, getGateway, Invalid, LockState];',
    ].join('\n');
    expect(await lint('lib/devices/simulator/probe.ts', simulator)).toEqual([1, 2, 3]);
    const domain = [
      "import { reap } from '@/lib/devices/simulator/sweep';",
      "import { commandMs } from '../../devices/simulator/config';",
      "import { getGateway } from '@/lib/devices';",
      "import { LockState } from '@/lib/devices/codes';",
      'export const all = [reap, commandMs, getGateway, LockState];',
    ].join('\n');
    expect(await lint('lib/domain/devices/probe.ts', domain)).toEqual([1, 2]);
  });
});
