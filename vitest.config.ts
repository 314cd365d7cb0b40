import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    // e2e/*.spec.ts belongs to Playwright
    include: ['tests/**/*.test.ts', 'lib/**/*.test.ts', 'db/**/*.test.ts'],
    environment: 'node',
    // in this order: the run's settings and secrets first, then (CONTRACT_CLUSTER=1) the cluster that shares them
    globalSetup: ['tests/support/global-setup.ts', 'tests/support/cluster-setup.ts'],
    setupFiles: ['tests/support/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
