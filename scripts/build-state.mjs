// Whether the production build in `distDir` is older than the sources (start.mjs, and the tests
// that run the real server: tests/resilience/support.ts). One rule for both, so a build made by
// one is reused by the other.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export function newestSource(root) {
  let newest = 0;
  const walk = (p) => {
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const n of readdirSync(p)) if (n !== 'node_modules' && !n.startsWith('.')) walk(path.join(p, n));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  for (const d of [
    'app',
    'components',
    'lib',
    'db',
    'public',
    'instrumentation.ts',
    'proxy.ts',
    'next.config.mjs',
    'package.json',
  ]) {
    if (existsSync(path.join(root, d))) walk(path.join(root, d));
  }
  return newest;
}

export function buildIsStale(root, distDir) {
  const buildId = path.join(distDir, 'BUILD_ID');
  return !existsSync(buildId) || statSync(buildId).mtimeMs < newestSource(root);
}
