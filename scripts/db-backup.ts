// `npm run db:backup [file]` and `npm run db:restore <file> [--force]` (docs/deployment.md, "Backups").
//  - The embedded database (no DATABASE_URL): its data folder (PGLITE_DIR, default .data/pglite)
//    as one gzipped tar made by PGlite itself (dumpDataDir), and back (loadDataDir) into a folder
//    that is empty or, with --force, whose old contents are moved aside first. PGlite does not
//    lock its folder, so the server must be stopped meanwhile: both refuse while something answers
//    on PORT (default 3000).
//  - Postgres (DATABASE_URL): pg_dump's custom format, and pg_restore into the (empty) database of
//    DATABASE_URL; for point-in-time recovery use the server's own WAL archiving (the docs).
// Backups hold every row, encrypted secrets included, and are useless without APP_SECRET: keep
// the two apart, and both safe.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pgliteDir } from '../lib/config/env';

const [, , verb, ...rest] = process.argv;
const force = rest.includes('--force');
const file = rest.find((a) => !a.startsWith('--'));
const stamp = () => new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function serverAnswers(): Promise<boolean> {
  const port = process.env.PORT || '3000';
  return fetch(`http://127.0.0.1:${port}/api/health/live`, { signal: AbortSignal.timeout(1500) }).then(
    () => true,
    () => false,
  );
}

async function backupEmbedded(to: string) {
  const dir = pgliteDir();
  if (!existsSync(path.join(dir, 'PG_VERSION'))) fail(`No embedded database at ${dir} (PGLITE_DIR).`);
  if (await serverAnswers())
    fail('The server is running: stop it first (PGlite does not lock its folder; a second reader can corrupt it).');
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(dir);
  await db.waitReady;
  const blob = await db.dumpDataDir('gzip');
  await db.close();
  mkdirSync(path.dirname(path.resolve(to)), { recursive: true });
  writeFileSync(to, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
  console.log(`Backed up ${dir} to ${to} (${Math.round(statSync(to).size / 1024)} KB).`);
}

async function restoreEmbedded(from: string) {
  const dir = pgliteDir();
  if (await serverAnswers()) fail('The server is running: stop it first.');
  if (existsSync(dir) && readdirSync(dir).length) {
    if (!force)
      fail(`${dir} is not empty: add --force to move it aside (to ${dir}.before-restore-<time>) and restore.`);
    const aside = `${dir}.before-restore-${stamp()}`;
    renameSync(dir, aside);
    console.log(`Moved the old folder aside: ${aside}`);
  }
  mkdirSync(dir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(dir, { loadDataDir: new Blob([readFileSync(from)]) });
  await db.waitReady;
  const [{ n }] = (await db.query<{ n: number }>('select count(*)::int as n from users')).rows;
  await db.close();
  console.log(
    `Restored ${from} into ${dir} (${n} accounts). Start the server as usual; it migrates if the backup is older.`,
  );
}

function tool(name: string, args: string[]) {
  const r = spawnSync(name, args, { stdio: 'inherit' });
  if (r.error) fail(`${name} is not installed (Debian: apt-get install -y postgresql-client).`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (verb === 'backup') {
    const to =
      file ?? path.join('.data', 'backups', `smartlock-${url ? 'pg' : 'pglite'}-${stamp()}.${url ? 'dump' : 'tar.gz'}`);
    if (existsSync(to)) fail(`${to} exists; name another file.`);
    if (url) {
      mkdirSync(path.dirname(path.resolve(to)), { recursive: true });
      tool('pg_dump', ['--format=custom', '--no-owner', '--file', to, url]);
      console.log(`Backed up the database of DATABASE_URL to ${to}.`);
    } else await backupEmbedded(to);
  } else if (verb === 'restore') {
    if (!file || !existsSync(file)) fail('Name the backup file: npm run db:restore <file> [--force]');
    if (url) {
      tool('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', '--dbname', url, file]);
      console.log('Restored into the database of DATABASE_URL.');
    } else await restoreEmbedded(file);
  } else fail('Usage: npm run db:backup [file] | npm run db:restore <file> [--force]');
}

main().catch((e) => fail(e instanceof Error ? e.message : String(e)));
