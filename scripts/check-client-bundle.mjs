#!/usr/bin/env node
// The browser bundle carries no database (issue 28): after the production build, no chunk the browser
// loads (`<distDir>/static/chunks/**/*.js`) may hold drizzle. Fails naming each chunk and what it found.
// `npm test` runs it (scripts/test.mjs, "bundle check") before the browser tests; it builds first when
// the build is older than the sources (the same rule as `npm start`, scripts/build-state.mjs).
// tests/unit/client-bundle.test.ts follows the imports of 'use client' modules; this reads what the
// bundler actually emitted, so a chain that test cannot see (a barrel, a re-export, an alias) shows here.
//
// The markers are strings every drizzle build carries, whatever the minifier renames: the keys of its
// Symbol.for() registry ("drizzle:entityKind" in entity.js, which every drizzle module imports;
// "drizzle:Name", "drizzle:Columns" in the table) and pg-core's entity kinds ("PgTable", "PgColumn",
// "PgDialect"). The server build must show them: if it does not, drizzle changed its strings and this
// check could no longer see it, so it fails rather than pass on nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildIsStale } from './build-state.mjs';

const MARKERS = [/drizzle:[A-Za-z]+/g, /"Pg(?:Table|Column|Dialect)"/g];

const root = process.cwd();
const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next');
const rel = (p) => path.relative(root, p);

if (buildIsStale(root, distDir)) {
  // the build `npm start` makes (its checks refuse a database without secrets, which a build does not need)
  console.log('Building the app first (none, or older than the sources)...');
  const env = { ...process.env, START_BUILD_ONLY: '1' };
  delete env.DATABASE_URL;
  const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'start.mjs')], { stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function jsFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => path.join(e.parentPath ?? e.path, e.name));
}

/** The markers one file holds, each once, in the order found. */
function markersIn(file) {
  const src = readFileSync(file, 'utf8');
  return [...new Set(MARKERS.flatMap((m) => [...src.matchAll(m)].map((x) => x[0])))];
}

const chunks = jsFiles(path.join(distDir, 'static', 'chunks'));
if (!chunks.length) {
  console.error(`bundle check: no client chunks in ${rel(distDir)}/static/chunks: is the build there?`);
  process.exit(1);
}
// the markers must be what drizzle is made of: the server's own chunks hold it
const server = jsFiles(path.join(distDir, 'server'));
if (!server.some((f) => markersIn(f).some((m) => m.startsWith('drizzle:')))) {
  console.error(
    `bundle check: no server chunk in ${rel(distDir)}/server holds a drizzle marker (${MARKERS.join(', ')}): ` +
      'drizzle changed its strings, so this check cannot see it any more; find new markers.',
  );
  process.exit(1);
}

const found = chunks.map((f) => [f, markersIn(f)]).filter(([, m]) => m.length);
if (found.length) {
  console.error(`bundle check: ${found.length} client chunk(s) of ${chunks.length} carry drizzle into the browser:`);
  for (const [f, m] of found) console.error(`  ${rel(f)}: ${m.slice(0, 5).join(', ')}${m.length > 5 ? ', ...' : ''}`);
  console.error(
    "A module marked 'use client' (or one it imports) reaches drizzle or db/: take values from lib/shared and " +
      'only types from lib/domain (`import type`); npx vitest run tests/unit/client-bundle.test.ts names the chain.',
  );
  process.exit(1);
}
console.log(`bundle check: ${chunks.length} client chunks in ${rel(distDir)}/static/chunks, none carries drizzle`);
