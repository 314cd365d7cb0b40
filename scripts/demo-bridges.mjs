// The demo's virtual bridges (docs/devices.md): `npm start` and `npm run start:cluster` start them
// once, as processes of their own on loopback ports (VIRTUAL_BRIDGE_PORT, default PORT + 500, and the
// next one), each with a new random API token. What the server needs to reach them (address, token,
// its locks' ids) goes to a file readable by this user only, named to the server in DEMO_BRIDGES_FILE;
// the server stores it as it stores any bridge (the token encrypted) and registers its callback.
// They run the bridge as compiled into the build (scripts/virtual-bridge-build.mjs: start.mjs makes
// it, the cluster runs start.mjs to build first), so the demo needs no TypeScript runner either.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { virtualBridgeFile } from './virtual-bridge-build.mjs';

const DEMO_BRIDGES = 2;

/** Starts the demo's bridges; resolves with the file to pass as DEMO_BRIDGES_FILE and the processes. */
export async function startDemoBridges({ port, env }) {
  const base = Number(env.VIRTUAL_BRIDGE_PORT || Number(port) + 500);
  const data = path.join(process.cwd(), '.data');
  mkdirSync(data, { recursive: true, mode: 0o700 });
  const script = virtualBridgeFile(path.join(process.cwd(), env.NEXT_DIST_DIR || '.next'));
  if (!existsSync(script))
    throw new Error(`the demo's virtual bridge is not built (${script}): START_BUILD_ONLY=1 npm start builds it`);
  const children = [];
  const bridges = [];
  for (let i = 0; i < DEMO_BRIDGES; i++) {
    const token = randomBytes(9).toString('base64url');
    const stateFile = path.join(data, `demo-bridge-${base + i}.state.json`);
    rmSync(stateFile, { force: true });
    const child = spawn(
      process.execPath,
      [script, '--demo', String(i), '--port', String(base + i), '--state-file', stateFile],
      { stdio: 'inherit', env: { ...env, VIRTUAL_BRIDGE_TOKEN: token } },
    );
    children.push(child);
    const deadline = Date.now() + 60_000;
    while (!existsSync(stateFile)) {
      if (child.exitCode !== null || Date.now() > deadline) {
        for (const c of children) c.kill('SIGTERM');
        throw new Error(`the demo's virtual bridge ${i} did not start (port ${base + i})`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const state = JSON.parse(readFileSync(stateFile, 'utf8'));
    bridges.push({ ...state, baseUrl: `http://127.0.0.1:${state.port}`, token, tokenMode: 'encrypted' });
  }
  const file = path.join(data, `demo-bridges-${port}.json`);
  writeFileSync(file, JSON.stringify({ bridges }), { mode: 0o600 });
  return { file, children };
}
