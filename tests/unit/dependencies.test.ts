import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { childEnv } from '@/tests/support/config';
// @ts-expect-error plain ESM script without types, shared with scripts/start.mjs
import { buildVirtualBridge, virtualBridgeFile } from '../../scripts/virtual-bridge-build.mjs';

/**
 * Issue 28, "Dependencies": serving runs no TypeScript runner (tsx is a devDependency, for the
 * operators' and the tests' scripts), nodemailer is one version in the whole tree, and the lock file
 * holds every platform's optional packages (a lock without them is rewritten by the first
 * `npm install` on a fresh clone; CI fails when `npm install` changes the lock: .ci/run).
 */
type Lock = { packages: Record<string, { version?: string; optionalDependencies?: Record<string, string> }> };
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const lock: Lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
/** 'drizzle-orm/pg-core' -> 'drizzle-orm', '@scope/name/x' -> '@scope/name' */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

describe('the production path', () => {
  it('needs no tsx: npm start, the cluster, the server and the demo bridges run JavaScript', () => {
    expect(pkg.dependencies.tsx).toBeUndefined();
    expect(pkg.devDependencies.tsx).toBeDefined();
    expect(pkg.scripts.start).toBe('node scripts/start.mjs');
    expect(pkg.scripts['start:cluster']).toBe('node scripts/cluster.mjs');
    // (scripts/virtual-bridge-build.mjs names bridge.ts: it compiles it, with esbuild, when building)
    for (const f of ['start.mjs', 'cluster.mjs', 'server.mjs', 'demo-bridges.mjs'])
      expect(readFileSync(path.join('scripts', f), 'utf8'), f).not.toMatch(/\btsx\b|\.ts['"]/);
  });

  describe('the compiled virtual bridge', () => {
    // inside the project, so that its package imports resolve as they do from .next
    const cache = path.join('node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    const dist = mkdtempSync(path.join(cache, 'virtual-bridge-test-'));
    let child: ChildProcess | undefined;
    afterAll(() => {
      child?.kill('SIGKILL');
      rmSync(dist, { recursive: true, force: true });
    });

    it('imports only the production dependencies and Node', async () => {
      await buildVirtualBridge(process.cwd(), dist);
      const code = readFileSync(virtualBridgeFile(dist), 'utf8');
      const specifiers = new Set([...code.matchAll(/^\s*import\b[^'"]*?from\s*['"]([^'"]+)['"]/gm)].map((m) => m[1]));
      const packages = [...specifiers].filter((s) => !s.startsWith('node:')).map(packageOf);
      expect(packages.length).toBeGreaterThan(0);
      for (const p of packages) expect(Object.keys(pkg.dependencies), p).toContain(p);
    });

    it('runs under plain Node and serves the demo bridge', async () => {
      const state = path.join(dist, 'state.json');
      child = spawn(
        process.execPath,
        [virtualBridgeFile(dist), '--demo', '0', '--port', '0', '--mode', 'plain', '--quiet', '--state-file', state],
        { env: childEnv({ VIRTUAL_BRIDGE_TOKEN: 'dependencies-test' }), stdio: 'ignore' },
      );
      const deadline = Date.now() + 20_000;
      while (!existsSync(state)) {
        if (child.exitCode !== null || Date.now() > deadline)
          throw new Error(`the bridge did not start (${child.exitCode})`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const { port, serialNumber } = JSON.parse(readFileSync(state, 'utf8'));
      expect(serialNumber).toBe('DEMO-BR-0001');
      const res = await fetch(`http://127.0.0.1:${port}/v1.0/bridge`, { headers: { api_token: 'dependencies-test' } });
      expect(res.status).toBe(200);
    });
  });
});

describe('the lock file', () => {
  it('holds one nodemailer, the one package.json names (the test servers and next-auth use it too)', () => {
    const versions = Object.entries(lock.packages)
      .filter(([k]) => k.endsWith('node_modules/nodemailer'))
      .map(([k, v]) => `${k}@${v.version}`);
    expect(versions).toEqual([`node_modules/nodemailer@${pkg.dependencies.nodemailer}`]);
  });

  it("holds every platform's optional packages, so a fresh npm install does not rewrite it", () => {
    const missing: string[] = [];
    for (const [at, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        // resolved as Node would: nested under the package, or in a node_modules above it
        const parts = at ? at.split('/node_modules/') : [];
        let found = false;
        for (let i = parts.length; i >= 0 && !found; i--) {
          const base = parts.slice(0, i).join('/node_modules/');
          found = `${base ? `${base}/` : ''}node_modules/${name}` in lock.packages;
        }
        if (!found) missing.push(`${at} -> ${name}`);
      }
    }
    expect(missing).toEqual([]);
    expect(Object.keys(lock.packages)).toEqual(
      expect.arrayContaining(['node_modules/@next/swc-darwin-arm64', 'node_modules/@next/swc-win32-x64-msvc']),
    );
  });
});
