import type { EnvName } from './harness';
import { type Config, CONFIG_NAMES, type ConfigName, configSchema } from './schema';

/**
 * The configuration, read once (issue 28): `config()` parses the environment with the schema of
 * lib/config/schema.ts on first use and keeps the typed object; the server's start parses it first of
 * all (lib/server/start.ts), so a value that is not accepted stops it with one line naming the
 * variable. Nothing outside lib/config reads `process.env` (eslint.config.mjs).
 *
 * Read lazily, not at import: a script may set a variable before it opens the database, the start
 * adds the embedded demo's secrets (`provideSecrets`), and a test changes a setting for a while
 * (`setConfig` and `withConfig` of tests/support/config.ts). Under Vitest the object is parsed again whenever one of
 * its variables changed, so a test writing `process.env` still works.
 */

export type { Config, ConfigName };
export { CONFIG_NAMES };

/** A configuration the server must not start with; its message is the one line to print. */
export class ConfigError extends Error {}

const testing = process.env.VITEST !== undefined;

let cached: { value: Config; key?: string } | undefined;

/** What the environment says, as the schema reads it (only its own names). */
const raw = (): Record<ConfigName, string | undefined> =>
  Object.fromEntries(CONFIG_NAMES.map((n) => [n, process.env[n]])) as Record<ConfigName, string | undefined>;

/** The environment parsed, or ConfigError naming the first variable whose value is not accepted. */
export function parseConfig(env: Partial<Record<string, string | undefined>>): Config {
  const parsed = configSchema.safeParse(Object.fromEntries(CONFIG_NAMES.map((n) => [n, env[n]])));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const name = String(issue.path[0] ?? 'the configuration');
  // a message that names its variable already (SMTP_URL's) is not prefixed twice
  throw new ConfigError(`${name} ${issue.message}`);
}

/** The configuration (parsed on first use; see above). */
export function config(): Config {
  if (!testing) return (cached ??= { value: parseConfig(raw()) }).value;
  const env = raw();
  const key = JSON.stringify(CONFIG_NAMES.map((n) => env[n] ?? null));
  if (cached?.key !== key) cached = { value: parseConfig(env), key };
  return cached.value;
}

/** Parses the environment afresh: the server's first step (a value not accepted throws ConfigError). */
export function loadConfig(): Config {
  cached = undefined;
  return config();
}

/**
 * The embedded demo's secrets, generated or read from its data folder (lib/crypto/config.ts): set in
 * the environment where unset (the values set there win), so a child process inherits them too.
 */
export function provideSecrets(secrets: { APP_SECRET: string; NEXTAUTH_SECRET: string }): void {
  process.env.APP_SECRET ||= secrets.APP_SECRET;
  process.env.NEXTAUTH_SECRET ||= secrets.NEXTAUTH_SECRET;
  cached = undefined;
}

/**
 * Sets variables of this process's environment, where config() and harness() read them and the
 * processes it starts inherit them (a value of undefined unsets one; `onlyUnset`: only where unset,
 * as `??=`). Returns what puts the earlier values back. For the tests (through tests/support/config.ts),
 * the benchmark and the scripts: the server never changes its own configuration.
 */
export function setEnv(
  values: Partial<Record<EnvName, string | undefined>>,
  { onlyUnset = false }: { onlyUnset?: boolean } = {},
): () => void {
  const before = Object.fromEntries(Object.keys(values).map((k) => [k, process.env[k]]));
  const write = (v: Record<string, string | undefined>, only: boolean) => {
    for (const [k, value] of Object.entries(v)) {
      if (only && process.env[k] !== undefined) continue;
      if (value === undefined) delete process.env[k];
      else process.env[k] = value;
    }
    cached = undefined;
  };
  write(values, onlyUnset);
  return () => write(before, false);
}
