/**
 * The browser tests' own settings, read here once (issue 28: configuration is read in one place;
 * the server's own is lib/config). Playwright's configuration reads the same E2E_PORT.
 */
export const E2E = {
  /** the port of the server under test (scripts/e2e-server.mjs); tests that start servers of their own take ports above it */
  port: Number(process.env.E2E_PORT ?? 3100),
  /** set on CI's Postgres leg (the server under test uses <its database>_e2e_<port>); unset on the embedded demo */
  databaseUrl: process.env.DATABASE_URL,
  /** the widths of the per-role walk (desktop, phone; both when unset) as asked: E2E_WIDTHS */
  widths: process.env.E2E_WIDTHS,
  /** screenshots under test-results/screens, unless E2E_SCREENS=0 (CI: nobody looks at them) */
  screens: process.env.E2E_SCREENS !== '0',
};

/** The server under test's database (CI's Postgres leg only): the one scripts/e2e-server.mjs made for this port. */
export function serverDatabaseUrl(): string {
  if (!E2E.databaseUrl) throw new Error('the embedded demo has no database URL');
  const url = new URL(E2E.databaseUrl);
  url.pathname = `/${url.pathname.slice(1)}_e2e_${E2E.port}`;
  return url.toString();
}

/**
 * The environment of a process a test starts (a second server, a virtual bridge): this one's with
 * `changes` (a variable given undefined is left out).
 */
export function childEnv(changes: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/**
 * Gives this test process a setting of the server under test, for server code a test runs itself
 * (fixtures.ts decrypts the outbox's mails with the server's APP_SECRET).
 */
export function shareServerSetting(name: 'APP_SECRET', value: string): void {
  process.env[name] = value;
}
