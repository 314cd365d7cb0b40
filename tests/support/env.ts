/** Test environment: PGlite in memory unless DATABASE_URL points at a real Postgres. */
export function applyTestEnv() {
  if (!process.env.DATABASE_URL) process.env.PGLITE_DIR = 'memory://';
  process.env.APP_SECRET ??= 'test-app-secret-0123456789abcdef0123456789';
  process.env.NEXTAUTH_SECRET ??= 'test-nextauth-secret';
  process.env.SIM_CONTROL ??= '1';
  process.env.SIM_COMMAND_MS ??= '40';
  process.env.BCRYPT_ROUNDS ??= '4';
  process.env.WEBHOOK_ALLOW_LOOPBACK ??= '1';
  process.env.BACKGROUND_WORKERS ??= '0';
}
