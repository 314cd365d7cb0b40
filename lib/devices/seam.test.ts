import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The seam of docs/devices.md: every adapter folder under lib/devices (the Tedee HTTP adapter, the
 * virtual bridge, the external gate system, and any new one) imports nothing of the domain or the
 * database schema; the domain nothing of an adapter's insides; and lint enforces it by folder, not
 * by name: a probe in a folder nobody has made yet is refused too.
 */
const root = path.resolve(__dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(f) && !f.endsWith('.test.ts') ? [p] : [];
  });
}

const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]);
/** An import as a path under the repository ('lib/domain/errors'), or the package name. */
const target = (file: string, spec: string) =>
  spec.startsWith('@/')
    ? spec.slice(2)
    : spec.startsWith('.')
      ? path.relative(root, path.resolve(path.dirname(file), spec))
      : spec;

const adapterFolders = () =>
  readdirSync(path.join(root, 'lib/devices')).filter((f) => statSync(path.join(root, 'lib/devices', f)).isDirectory());

describe('the device seam', () => {
  it('no adapter imports the domain, the database schema, the gateway factory, the workers or the configuration', () => {
    expect(adapterFolders().sort()).toEqual(['external-gates', 'tedee', 'virtual-bridge']);
    const found = adapterFolders().flatMap((a) =>
      files(path.join(root, 'lib/devices', a)).flatMap((f) =>
        importsOf(f).map((s) => [path.relative(root, f), target(f, s)]),
      ),
    );
    expect(found.length).toBeGreaterThan(30);
    const bad = found.filter(
      ([, t]) =>
        t.startsWith('lib/domain') ||
        t.startsWith('db/schema') ||
        t === 'lib/devices' ||
        t === 'lib/devices/index' ||
        t.startsWith('lib/workers') ||
        t.startsWith('lib/config'),
    );
    expect(bad).toEqual([]);
  });

  it('the virtual bridge touches no database at all', () => {
    const found = files(path.join(root, 'lib/devices/virtual-bridge')).flatMap((f) =>
      importsOf(f).map((s) => [path.relative(root, f), target(f, s)]),
    );
    expect(found.filter(([, t]) => t.startsWith('db') || t.startsWith('drizzle') || t === 'postgres')).toEqual([]);
  });

  it('the domain imports no adapter’s insides', () => {
    const bad = files(path.join(root, 'lib/domain'))
      .flatMap((f) => importsOf(f).map((s) => [path.relative(root, f), target(f, s)]))
      .filter(([, t]) => adapterFolders().some((a) => t.startsWith(`lib/devices/${a}`)));
    expect(bad).toEqual([]);
  });

  it('lint refuses each, in any adapter folder, even one made tomorrow', { timeout: 60_000 }, async () => {
    const eslint = new ESLint({ cwd: root });
    // the lines refused (a line two rules refuse counts once)
    const lint = async (filePath: string, code: string) => [
      ...new Set(
        (await eslint.lintText(code, { filePath: path.join(root, filePath) }))[0].messages
          .filter((m) => m.ruleId === 'no-restricted-imports')
          .map((m) => m.line),
      ),
    ];
    const adapter = [
      "import { recordActivity } from '@/lib/domain/activity/record';",
      "import { devices } from '@/db/schema';",
      "import { getGateway } from '@/lib/devices';",
      "import { Invalid } from '@/lib/domain/errors';",
      "import { bridgeHttpConfig } from '@/lib/config/bridges';",
      "import { LockState } from '@/lib/shared/devices/codes';",
      "import type { DeviceReports } from '../gateway';",
      "import { DeviceFailure } from '../errors';",
      'export const all = [recordActivity, devices, getGateway, Invalid, bridgeHttpConfig, LockState, DeviceFailure];',
    ].join('\n');
    for (const folder of ['tedee', 'virtual-bridge', 'external-gates', 'zigbee'])
      expect(await lint(`lib/devices/${folder}/probe.ts`, adapter), folder).toEqual([1, 2, 3, 4, 5]);
    expect(
      await lint(
        'lib/devices/virtual-bridge/probe.ts',
        "import { getDb } from '@/db/client';\nexport const x = getDb;",
      ),
    ).toEqual([1]);
    const domain = [
      "import { createTedeeGateway } from '@/lib/devices/tedee/adapter';",
      "import { VirtualBridge } from '../../devices/virtual-bridge';",
      "import { openGate } from '@/lib/devices/external-gates/gates';",
      "import { getGateway } from '@/lib/devices';",
      "import { LockState } from '@/lib/shared/devices/codes';",
      "import type { LockAddress } from '@/lib/devices/gateway';",
      'export const all = [createTedeeGateway, VirtualBridge, openGate, getGateway, LockState];',
      'export type A = LockAddress;',
    ].join('\n');
    expect(await lint('lib/domain/devices/probe.ts', domain)).toEqual([1, 2, 3]);
  });
});
