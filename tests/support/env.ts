import { randomBytes } from 'node:crypto';
import { config, setEnv } from '../../lib/config';

/**
 * Test environment: PGlite in memory unless DATABASE_URL points at a real Postgres. Secrets are
 * long random ones of this run, never values written in the repository; the global setup makes
 * them once, so every worker (and a child process) shares them. Each is set only where the run's
 * own environment leaves it unset.
 */
export function applyTestEnv() {
  if (!config().DATABASE_URL) setEnv({ PGLITE_DIR: 'memory://' });
  setEnv(
    {
      APP_SECRET: randomBytes(32).toString('base64url'),
      NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
      SIM_CONTROL: '1',
      SIM_COMMAND_MS: '40',
      // argon2id at its cheapest: the cost itself is measured by npm run bench, not by every test
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      WEBHOOK_ALLOW_LOOPBACK: '1',
      // the tests' virtual bridges run in this process, on loopback (docs/devices.md)
      BRIDGE_ALLOW_LOOPBACK: '1',
      BACKGROUND_WORKERS: '0',
      // one JSON line per API call would bury the test output; tests/api/edge-logs.test.ts turns it on
      REQUEST_LOG: '0',
      // the API's budgets per account (lib/http/ratelimit-policy.ts): a test makes hundreds of calls with
      // one key; tests/api/ratelimit.test.ts sets tiny budgets of its own
      API_RATE_LIMIT: '1000000',
      API_RATE_LIMIT_COMMANDS: '1000000',
    },
    { onlyUnset: true },
  );
}
