#!/usr/bin/env node
// `npm start`: build when needed, then serve with `next start`. The server checks its
// configuration, migrates and loads the demo data itself as it starts (instrumentation.ts), so
// serving needs nothing but Node and the build (no TypeScript runner).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIsStale } from './build-state.mjs';

const root = process.cwd();
const env = { ...process.env };
env.PORT ||= '3000';
env.NODE_ENV = 'production';
env.NEXTAUTH_URL ||= `http://localhost:${env.PORT}`;
const embedded = !env.DATABASE_URL;
if (!embedded) {
  // A deployment brings its own secrets (the server checks them too, lib/crypto/config.ts): refuse before building.
  for (const name of ['APP_SECRET', 'NEXTAUTH_SECRET']) {
    const bytes = Buffer.byteLength(env[name] ?? '');
    if (bytes < 32) {
      console.error(`Refusing to start: ${name} ${bytes ? `is too short (${bytes} bytes)` : 'is not set'}: give it 32 or more random bytes, e.g. ${name}=$(openssl rand -base64 48)`);
      process.exit(1);
    }
  }
} else {
  // the embedded demo drives its simulated devices from the portal
  env.SIM_CONTROL ||= '1';
}
// The embedded demo (demo accounts, a printed password) listens on this machine only unless HOST says otherwise.
const host = env.HOST || (embedded ? '127.0.0.1' : '');
const demo = env.DEMO === '1' || (embedded && env.DEMO !== '0');
const distDir = path.join(root, env.NEXT_DIST_DIR || '.next');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

if (buildIsStale(root, distDir)) {
  console.log('Building the app (first start or sources changed)...');
  const r = spawnSync(bin('next'), ['build'], { stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

console.log(`\n  Smart-lock cloud portal: ${env.NEXTAUTH_URL}`);
if (embedded && !env.HOST) console.log('  Listening on 127.0.0.1 only (the embedded demo): set HOST=0.0.0.0 to open it to your network.');
else console.log(`  Listening on ${host || 'every interface'}, port ${env.PORT}.`);
if (demo) console.log('  Demo sign-in: owner@demo.test / demo-password (also admin@, guest@, member@, outsider@demo.test)');
console.log('');

const server = spawn(bin('next'), ['start', '-p', env.PORT, ...(host ? ['-H', host] : [])], { stdio: 'inherit', env });
const stop = (sig) => server.kill(sig);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));
