import { config, setEnv } from '../lib/config';
import { childEnv, harness } from '../lib/config/harness';

/**
 * The browser tests' own settings (issue 28: configuration is read in one place, lib/config; these
 * are the harness's, lib/config/harness.ts), read at use. Playwright's configuration reads the same
 * E2E_PORT.
 */
export const E2E = {
  /** the port of the server under test (scripts/e2e-server.mjs); tests that start servers of their own take ports above it */
  get port(): number {
    return harness().E2E_PORT;
  },
  /** set on CI's Postgres leg (the server under test uses <its database>_e2e_<port>); unset on the embedded demo */
  get databaseUrl(): string | undefined {
    return config().DATABASE_URL;
  },
  /** the widths of the per-role walk (desktop, phone; both when unset) as asked: E2E_WIDTHS */
  get widths(): string | undefined {
    return harness().E2E_WIDTHS;
  },
  /** screenshots under test-results/screens, unless E2E_SCREENS=0 (CI: nobody looks at them) */
  get screens(): boolean {
    return harness().E2E_SCREENS;
  },
};

/** The server under test's database (CI's Postgres leg only): the one scripts/e2e-server.mjs made for this port. */
export function serverDatabaseUrl(): string {
  const base = E2E.databaseUrl;
  if (!base) throw new Error('the embedded demo has no database URL');
  const url = new URL(base);
  url.pathname = `/${url.pathname.slice(1)}_e2e_${E2E.port}`;
  return url.toString();
}

/**
 * The environment of a process a test starts (a second server, a virtual bridge): this one's with
 * `changes` (a variable given undefined is left out).
 */
export { childEnv };

/**
 * Gives this test process a setting of the server under test, for server code a test runs itself
 * (fixtures.ts decrypts the outbox's mails with the server's APP_SECRET).
 */
export function shareServerSetting(name: 'APP_SECRET', value: string): void {
  setEnv({ [name]: value });
}
