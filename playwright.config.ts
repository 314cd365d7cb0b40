import { defineConfig, devices } from '@playwright/test';
import { harness } from './lib/config/harness';

// Browser tests run in Debian's Chromium (never a downloaded browser) against the production
// server started by `npm start` on its own port and data folder, with the demo data seeded.
const { E2E_PORT: port, PW_OUTPUT_DIR, CHROMIUM_PATH } = harness();
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'e2e',
  // a hang's bound, not a speed target (those are in `npm run bench`): in CI a walk shares two
  // cores with the other leg's Vitest and runs two to three and a half times as long as alone (the
  // invitation walk of e2e/mail, 17 s alone, ran out of 60 s there; the longest walks take 20-24 s alone)
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // CI's two legs run side by side, each with its own (Playwright empties it when it starts)
  outputDir: PW_OUTPUT_DIR,
  use: {
    baseURL,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
