// The demo's virtual bridge (scripts/bridge.ts) compiled to one JavaScript file beside the app's build,
// so that serving (`npm start`, `npm run start:cluster`) runs Node on JavaScript only, never a
// TypeScript runner: start.mjs compiles it right after `next build` (both when the sources changed),
// scripts/demo-bridges.mjs runs it. esbuild is a build tool like Next's own (a devDependency): it is
// loaded only when the file must be made. Packages stay imports (the app's own dependencies).
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { newestSource } from './build-state.mjs';

const SOURCE = path.join('scripts', 'bridge.ts');

/** Where the compiled virtual bridge lives in the build folder `distDir`. */
export function virtualBridgeFile(distDir) {
  return path.join(distDir, 'virtual-bridge.mjs');
}

/** Whether the compiled bridge is missing or older than its sources (the app's, as buildIsStale reads them, and its script). */
export function virtualBridgeIsStale(root, distDir) {
  const out = virtualBridgeFile(distDir);
  if (!existsSync(out)) return true;
  const newest = Math.max(newestSource(root), statSync(path.join(root, SOURCE)).mtimeMs);
  return statSync(out).mtimeMs < newest;
}

/** Compiles scripts/bridge.ts and what it imports of ours into `virtualBridgeFile(distDir)`. */
export async function buildVirtualBridge(root, distDir) {
  const { build } = await import('esbuild');
  await build({
    absWorkingDir: root,
    entryPoints: [SOURCE],
    outfile: virtualBridgeFile(distDir),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
}
