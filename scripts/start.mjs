#!/usr/bin/env node
// `npm start`: build when needed, then serve with scripts/server.mjs (Next's request handler in a
// server of ours: the envelope for input that never reaches a route, the body limit on the wire, a
// graceful stop within its budget). The server checks its configuration, migrates and loads the
// demo data itself as it starts (instrumentation.ts), so serving needs nothing but Node and the
// build (no TypeScript runner: the demo's virtual bridge is compiled into the build as well,
// scripts/virtual-bridge-build.mjs). START_BUILD_ONLY=1: the checks and the build only (the cluster's
// supervisor, scripts/cluster.mjs, runs them once and then the servers itself).
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { buildIsStale } from './build-state.mjs';
import { startDemoBridges } from './demo-bridges.mjs';
import { buildVirtualBridge, virtualBridgeIsStale } from './virtual-bridge-build.mjs';

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
      console.error(
        `Refusing to start: ${name} ${bytes ? `is too short (${bytes} bytes)` : 'is not set'}: give it 32 or more random bytes, e.g. ${name}=$(openssl rand -base64 48)`,
      );
      process.exit(1);
    }
  }
} else {
  // the embedded demo drives its simulated devices from the portal
  env.SIM_CONTROL ||= '1';
}
// The embedded demo (demo accounts, a printed password) listens on this machine only unless HOST says otherwise.
const host = env.HOST || (embedded ? '127.0.0.1' : '');
// the server decides from it whether the demo mailbox may exist (lib/mail/config.ts: loopback only)
env.LISTEN_HOST = host || '0.0.0.0';
const demo = env.DEMO === '1' || (embedded && env.DEMO !== '0');
const distDir = path.join(root, env.NEXT_DIST_DIR || '.next');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

if (buildIsStale(root, distDir)) {
  console.log('Building the app (first start or sources changed)...');
  const r = spawnSync(bin('next'), ['build'], { stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// after Next's build, which empties its folder
if (virtualBridgeIsStale(root, distDir)) await buildVirtualBridge(root, distDir);

if (env.START_BUILD_ONLY === '1') process.exit(0);

console.log(`\n  Smart-lock cloud portal: ${env.NEXTAUTH_URL}`);
if (embedded && !env.HOST)
  console.log('  Listening on 127.0.0.1 only (the embedded demo): set HOST=0.0.0.0 to open it to your network.');
else console.log(`  Listening on ${host || 'every interface'}, port ${env.PORT}.`);
if (demo)
  console.log('  Demo sign-in: owner@demo.test / demo-password (also admin@, guest@, member@, outsider@demo.test)');
console.log('');

// The demo's doors are virtual Tedee bridges, processes of their own (scripts/demo-bridges.mjs), unless
// someone else started them (the cluster does, once for all its processes) or VIRTUAL_BRIDGES=0.
let bridges = [];
if (demo && !env.DEMO_BRIDGES_FILE && env.VIRTUAL_BRIDGES !== '0') {
  const started = await startDemoBridges({ port: env.PORT, env });
  bridges = started.children;
  env.DEMO_BRIDGES_FILE = started.file;
  // their events come straight to this process; more virtual bridges beside it may be added in the portal
  env.BRIDGE_CALLBACK_URL ||= `http://127.0.0.1:${env.PORT}`;
  env.BRIDGE_ALLOW_LOOPBACK ||= '1';
}

const server = spawn(process.execPath, [path.join(root, 'scripts', 'server.mjs')], {
  stdio: 'inherit',
  env: { ...env, ...(host ? { HOST: host } : {}) },
});
const stop = (sig) => {
  server.kill(sig);
  for (const b of bridges) b.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code, signal) => {
  for (const b of bridges) b.kill('SIGTERM');
  process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 0));
});
