import { randomBytes } from 'node:crypto';

/**
 * Test environment: PGlite in memory unless DATABASE_URL points at a real Postgres. Secrets are
 * long random ones of this run, never values written in the repository; the global setup makes
 * them once, so every worker (and a child process) shares them.
 */
export function applyTestEnv() {
  if (!process.env.DATABASE_URL) process.env.PGLITE_DIR = 'memory://';
  process.env.APP_SECRET ??= randomBytes(32).toString('base64url');
  process.env.NEXTAUTH_SECRET ??= randomBytes(32).toString('base64url');
  process.env.SIM_CONTROL ??= '1';
  process.env.SIM_COMMAND_MS ??= '40';
  process.env.BCRYPT_ROUNDS ??= '4';
  // argon2id at its cheapest: the cost itself is measured by npm run bench, not by every test
  process.env.ARGON2_MEMORY_KIB ??= '1024';
  process.env.ARGON2_TIME_COST ??= '1';
  process.env.WEBHOOK_ALLOW_LOOPBACK ??= '1';
  // the tests' virtual bridges run in this process, on loopback (docs/devices.md)
  process.env.BRIDGE_ALLOW_LOOPBACK ??= '1';
  process.env.BACKGROUND_WORKERS ??= '0';
  // one JSON line per API call would bury the test output; tests/api/edge-logs.test.ts turns it on
  process.env.REQUEST_LOG ??= '0';
  // the API's budgets per account (lib/http/ratelimit-policy.ts): a test makes hundreds of calls with
  // one key; tests/api/ratelimit.test.ts sets tiny budgets of its own
  process.env.API_RATE_LIMIT ??= '1000000';
  process.env.API_RATE_LIMIT_COMMANDS ??= '1000000';
}
