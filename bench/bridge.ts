// The bench's bridge (issue 31): a virtual Tedee bridge as a process of its own, the code `npm run
// bridge` runs (scripts/bridge.ts), holding the dataset's 949 locks. The service reaches it over
// HTTP like any bridge: bench/seed-large.ts adds it through the "add a bridge" flow (address and
// token stored encrypted, its callback registered), and its events come back to the server.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bridgeRequest } from '../lib/devices/tedee/client';
import { DeviceType } from '../lib/shared/devices/codes';
import { API_PREFIX } from '../lib/devices/tedee/protocol';

export const BENCH_LOCKS = 949;

export interface BenchBridge {
  baseUrl: string;
  token: string;
  /** what bench/prepare.ts needs to add it (the token stays out of every log) */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

const alive = new Set<ChildProcess>();
// a bench that exits (also on an error) leaves no bridge behind
process.once('exit', () => {
  for (const c of alive) c.kill('SIGTERM');
});

/**
 * Starts the bench's bridge on `port` with the locks' command time `commandMs` (the lock answers
 * after a timer of that many ms: 0 is the least the virtual bridge allows, one turn of its event
 * loop); resolves once it listens.
 */
export async function startBenchBridge(port: number, commandMs: string, env: NodeJS.ProcessEnv): Promise<BenchBridge> {
  const data = path.join(process.cwd(), '.data');
  mkdirSync(data, { recursive: true, mode: 0o700 });
  const configFile = path.join(data, `bench-bridge-${port}.json`);
  const stateFile = path.join(data, `bench-bridge-${port}.state.json`);
  rmSync(stateFile, { force: true });
  writeFileSync(
    configFile,
    JSON.stringify({
      serialNumber: 'BENCH-BR',
      name: 'Bench bridge',
      locks: Array.from({ length: BENCH_LOCKS }, (_, k) => ({
        serialNumber: `BENCH-LK-${k + 1}`,
        name: `Bench lock ${k + 1}`,
        type: 2,
        doorSensor: true,
        batteryLevel: 20 + ((k + 1) % 80),
        timeZone: 'Europe/Warsaw',
      })),
    }),
    { mode: 0o600 },
  );
  const token = randomBytes(9).toString('base64url');
  const child = spawn(
    process.execPath,
    [
      path.join('node_modules', 'tsx', 'dist', 'cli.mjs'),
      'scripts/bridge.ts',
      '--config',
      configFile,
      '--port',
      String(port),
      '--state-file',
      stateFile,
      '--quiet',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...env, VIRTUAL_BRIDGE_TOKEN: token, SIM_COMMAND_MS: commandMs } },
  );
  alive.add(child);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    alive.delete(child);
    rmSync(stateFile, { force: true });
    rmSync(configFile, { force: true });
  };
  const deadline = Date.now() + 60_000;
  while (!existsSync(stateFile)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the bench's virtual bridge did not start (port ${port})`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { port: number };
  const baseUrl = `http://127.0.0.1:${state.port}`;
  return { baseUrl, token, env: { BENCH_BRIDGE_URL: baseUrl, BENCH_BRIDGE_TOKEN: token }, stop };
}

/**
 * The network hop alone: the request the server makes for an unlock (POST /v1.0/lock/{id}/unlock,
 * a new encrypted api_key each, the service's own client code), made from the bench process to the
 * bridge one at a time for `ms`, on a lock outside the scenarios' rotation. Its p50 and p99 in ms.
 */
export async function measureHop(
  bridge: BenchBridge,
  remoteId: number,
  ms: number,
): Promise<{ p50: number; p99: number; n: number }> {
  const address = {
    id: 0,
    type: DeviceType.bridge,
    baseUrl: bridge.baseUrl,
    token: bridge.token,
    tokenMode: 'encrypted' as const,
    isConnected: true,
    capabilities: [],
  };
  const times: number[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const t = performance.now();
    const r = await bridgeRequest(address, 'POST', `${API_PREFIX}/lock/${remoteId}/unlock`, { timeoutMs: 5000 });
    const took = performance.now() - t;
    // 406: the lock still works on the previous command (0 ms: rare); the hop is the same
    if (r.status !== 204 && r.status !== 200 && r.status !== 406)
      throw new Error(`the bench's bridge answered ${r.status} to an unlock`);
    times.push(took);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))] * 10) / 10;
  return { p50: at(0.5), p99: at(0.99), n: times.length };
}
