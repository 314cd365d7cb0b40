#!/usr/bin/env node
// `npm start`: build when needed, migrate (and seed an empty embedded database), then serve.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const env = { ...process.env };
env.PORT ||= '3000';
env.NODE_ENV = 'production';
env.NEXTAUTH_URL ||= `http://localhost:${env.PORT}`;
// The embedded demo runs without configuration; a real deployment sets APP_SECRET and NEXTAUTH_SECRET.
if (!env.DATABASE_URL) {
  env.ALLOW_DEV_SECRET ||= '1';
  env.SIM_CONTROL ||= '1';
}
const distDir = path.join(root, env.NEXT_DIST_DIR || '.next');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function newestSource() {
  let newest = 0;
  const walk = (p) => {
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const n of readdirSync(p)) if (n !== 'node_modules' && !n.startsWith('.')) walk(path.join(p, n));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  for (const d of ['app', 'components', 'lib', 'db', 'public', 'next.config.mjs', 'package.json']) {
    if (existsSync(path.join(root, d))) walk(path.join(root, d));
  }
  return newest;
}

const buildId = path.join(distDir, 'BUILD_ID');
if (!existsSync(buildId) || statSync(buildId).mtimeMs < newestSource()) {
  console.log('Building the app (first start or sources changed)...');
  const r = spawnSync(bin('next'), ['build'], { stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Migrate and seed strictly before the server opens the database (PGlite allows one process per folder).
const prep = spawnSync(bin('tsx'), ['scripts/migrate.ts', '--seed-if-empty'], { stdio: 'inherit', env });
if (prep.status !== 0) process.exit(prep.status ?? 1);

console.log(`\n  Smart-lock cloud portal: ${env.NEXTAUTH_URL}`);
console.log('  Demo sign-in: owner@demo.test / demo-password (also admin@, guest@, member@, outsider@demo.test)\n');

const server = spawn(bin('next'), ['start', '-p', env.PORT], { stdio: 'inherit', env });
const stop = (sig) => server.kill(sig);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));
