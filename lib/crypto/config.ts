import { randomBytes } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isEmbedded, pgliteDir } from '../config/env';
import { ConfigError, config, provideSecrets } from '../config/index';

/**
 * Where the server's secrets come from (docs/security.md, "Deployment"):
 *  - with DATABASE_URL, from the environment only: APP_SECRET and NEXTAUTH_SECRET, 32 bytes or more
 *    each, or the server refuses to start with one line naming the variable;
 *  - the embedded demo generates them on its first start (32 random bytes each) into the data
 *    folder, readable by its owner only, and reuses them later. Values set in the environment win.
 * Nothing here has a default written in the code.
 */
export const MIN_SECRET_BYTES = 32;
export const REQUIRED_SECRETS = ['APP_SECRET', 'NEXTAUTH_SECRET'] as const;

/** A configuration the server must not start with (lib/config); its message is the one line to print. */
export { ConfigError };

/** The first problem with the secrets in `env`, as one line, or null. */
export function secretProblem(
  env: Partial<Record<(typeof REQUIRED_SECRETS)[number], string | undefined>> = config(),
): string | null {
  for (const name of REQUIRED_SECRETS) {
    const value = env[name];
    if (!value) return `${name} is not set: give it 32 or more random bytes, e.g. ${name}=$(openssl rand -base64 48)`;
    const bytes = Buffer.byteLength(value, 'utf8');
    if (bytes < MIN_SECRET_BYTES)
      return `${name} is too short (${bytes} bytes): it needs ${MIN_SECRET_BYTES} or more, e.g. ${name}=$(openssl rand -base64 48)`;
  }
  return null;
}

/**
 * The embedded demo's secrets file: SECRETS_FILE; else inside the data folder the user named
 * (PGLITE_DIR/secrets.json: never in its parent, which may be a shared folder such as /tmp);
 * else the default data folder's (.data/secrets.json, next to .data/pglite).
 */
export function secretsFile(): string {
  const { SECRETS_FILE, PGLITE_DIR } = config();
  if (SECRETS_FILE) return SECRETS_FILE;
  if (PGLITE_DIR) return path.join(pgliteDir(), 'secrets.json');
  return path.join(path.dirname(pgliteDir()), 'secrets.json');
}

/**
 * A folder of the embedded demo's data: created 0700; an existing one made 0700 when it is ours,
 * refused when it belongs to another user (whoever owns it could swap the files inside).
 */
export function privateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = lstatSync(dir);
  if (!st.isDirectory()) throw new ConfigError(`${dir} is not a folder: refusing to keep the demo's data there.`);
  if (typeof process.getuid === 'function' && st.uid !== process.getuid())
    throw new ConfigError(
      `${dir} belongs to another user: refusing to keep the demo's data there. Choose a folder of your own (PGLITE_DIR).`,
    );
  if ((st.mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

interface Stored {
  APP_SECRET: string;
  NEXTAUTH_SECRET: string;
}

const fresh = (): Stored => ({
  APP_SECRET: randomBytes(32).toString('base64url'),
  NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
});

/**
 * Makes sure APP_SECRET and NEXTAUTH_SECRET are in the configuration, or throws ConfigError.
 * Returns where they came from (for the start-up line).
 */
export function ensureSecrets(): 'environment' | 'generated' | 'data folder' | 'memory' {
  if (!isEmbedded() || (config().APP_SECRET && config().NEXTAUTH_SECRET)) {
    const problem = secretProblem();
    if (problem) throw new ConfigError(problem);
    return 'environment';
  }
  let source: 'generated' | 'data folder' | 'memory';
  let stored: Stored;
  if (pgliteDir().startsWith('memory://')) {
    // a database that lives as long as the process: so may its secrets
    stored = fresh();
    source = 'memory';
  } else {
    ({ stored, created: source } = readOrCreate(secretsFile()));
  }
  provideSecrets(stored);
  const problem = secretProblem();
  if (problem) throw new ConfigError(`${problem} (${secretsFile()})`);
  return source;
}

function readOrCreate(file: string): { stored: Stored; created: 'generated' | 'data folder' } {
  privateFolder(path.dirname(file));
  try {
    // exclusive create: of two processes starting at once, one writes and both read the same file
    writeFileSync(file, JSON.stringify(fresh(), null, 2) + '\n', { mode: 0o600, flag: 'wx' });
    return { stored: read(file), created: 'generated' };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST')
      throw new ConfigError(`Cannot write the demo's secrets to ${file}: ${(e as Error).message}`);
  }
  // a file someone else planted, or one others could read (and so copy), is not adopted
  const st = lstatSync(file);
  if (!st.isFile()) throw new ConfigError(`${file} is not a plain file: refusing to read the demo's secrets from it.`);
  if (typeof process.getuid === 'function' && st.uid !== process.getuid())
    throw new ConfigError(
      `${file} belongs to another user: refusing to use secrets someone else could have chosen. Remove it (and the data folder with it) or point SECRETS_FILE at your own.`,
    );
  if ((st.mode & 0o077) !== 0)
    throw new ConfigError(
      `${file} can be read by other users (mode ${(st.mode & 0o777).toString(8)}): its secrets may be known. Make new ones (remove it together with the data folder), or if you are sure, chmod 600 ${file}.`,
    );
  return { stored: read(file), created: 'data folder' };
}

function read(file: string): Stored {
  try {
    const s = JSON.parse(readFileSync(file, 'utf8')) as Partial<Stored>;
    if (typeof s.APP_SECRET === 'string' && typeof s.NEXTAUTH_SECRET === 'string')
      return { APP_SECRET: s.APP_SECRET, NEXTAUTH_SECRET: s.NEXTAUTH_SECRET };
  } catch {
    /* reported below */
  }
  throw new ConfigError(
    `${file} is not a secrets file of this service (APP_SECRET, NEXTAUTH_SECRET): fix it, or move it away together with the data folder to start afresh`,
  );
}
