// `npm run bridge`: one virtual Tedee bridge as a process of its own (docs/devices.md, "The virtual
// bridge"): the Bridge API v1.2 at http://<host>:<port>/v1.0, our extension, and the control surface,
// with its locks in this process's memory. Each request to its API is one line of its log.
//
//   npm run bridge -- --port 8081                 a bridge with two locks, token in .data/virtual-bridge-8081.token
//   npm run bridge -- --port 8081 --demo 0        the demo's first bridge (its locks as the demo data has them)
//   npm run bridge -- --config bridge.json        {serialNumber, name, tokenMode, online, locks: [{serialNumber, name, ...}]}
//
// The token: VIRTUAL_BRIDGE_TOKEN, else a new one written to .data/virtual-bridge-<port>.token
// (readable by you only; add the bridge in the portal with it). --mode plain|encrypted (default
// encrypted), --host (default 127.0.0.1), --state-file <f>: where it writes its serial number and
// its locks' ids once it listens (the demo's launcher reads it).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deviceSpecs } from '../db/seed/devices';
import { DeviceType, type LockSettings } from '../lib/shared/devices/codes';
import { serveBridge, VirtualBridge, type BridgeInit, type LockInit } from '../lib/devices/virtual-bridge';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

const port = Number(arg('port') ?? process.env.VIRTUAL_BRIDGE_PORT ?? 8081);
const host = arg('host') ?? '127.0.0.1';
const quiet = args.includes('--quiet');

/** The demo's bridge number `i` (0: Main entrance, 1: Garage), its locks as the demo data describes them. */
function demoBridge(i: number): Omit<BridgeInit, 'token'> {
  const specs = deviceSpecs(new Date());
  const bridges = specs.filter((s) => s.type === DeviceType.bridge);
  const b = bridges[i];
  if (!b) throw new Error(`the demo has bridges 0 to ${bridges.length - 1}`);
  const locks: Omit<LockInit, 'id'>[] = specs
    .filter((s) => s.bridge === b.name)
    .map((l) => ({
      serialNumber: l.serialNumber,
      name: l.name,
      type: l.type === DeviceType.lockGo ? 4 : 2,
      state: l.state ?? undefined,
      doorState: l.doorState ?? undefined,
      doorSensor: specs.some((s) => s.sensorOf === l.name),
      batteryLevel: l.batteryLevel ?? undefined,
      isCharging: l.isCharging ?? undefined,
      settings: l.settings as Partial<LockSettings>,
      timeZone: 'Europe/Warsaw',
    }));
  return { serialNumber: b.serialNumber, name: b.name, online: b.isConnected !== false, locks };
}

/** SIM_COMMAND_MS, a duration in ms (default 1500; what is not one counts as unset). */
function simCommandMs(): number {
  const v = Number(process.env.SIM_COMMAND_MS || 1500);
  return Number.isFinite(v) && v >= 0 ? v : 1500;
}

function config(): Omit<BridgeInit, 'token'> {
  const demo = arg('demo');
  if (demo !== undefined) return demoBridge(Number(demo));
  const file = arg('config');
  if (file) return JSON.parse(readFileSync(file, 'utf8'));
  return {
    serialNumber: `VB-${port}`,
    name: `Virtual bridge ${port}`,
    locks: [
      { serialNumber: `VL-${port}-1`, name: 'Virtual front door', type: 2 },
      { serialNumber: `VL-${port}-2`, name: 'Virtual back door', type: 4, doorSensor: true },
    ],
  };
}

function token(): string {
  if (process.env.VIRTUAL_BRIDGE_TOKEN) return process.env.VIRTUAL_BRIDGE_TOKEN;
  const t = randomBytes(9).toString('base64url');
  const dir = path.join(process.cwd(), '.data');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `virtual-bridge-${port}.token`);
  writeFileSync(file, `${t}\n`, { mode: 0o600 });
  console.log(`Its API token is in ${file} (readable by you only).`);
  return t;
}

async function main() {
  const c = config();
  const mode = arg('mode') === 'plain' ? 'plain' : (c.tokenMode ?? 'encrypted');
  const bridge = new VirtualBridge({
    // its locks' command time: SIM_COMMAND_MS of this process (the demo's and the tests'), read at each command
    commandMs: simCommandMs,
    ...c,
    token: token(),
    tokenMode: mode,
    log: quiet ? undefined : (line) => console.log(`[${c.name}] ${line}`),
  });
  const served = await serveBridge(bridge, { host, port });
  console.log(
    `Virtual bridge "${c.name}" (${c.serialNumber}) at http://${host}:${served.port}/v1.0, ${bridge.locks.size} locks, ${mode} token${bridge.online ? '' : ', off the network (its control surface still answers)'}.`,
  );
  const stateFile = arg('state-file');
  if (stateFile) {
    // written beside it and renamed: whoever waits for the file to exist (scripts/demo-bridges.mjs,
    // bench/bridge.ts) reads it whole, never the empty file a write has only just created (npm test's
    // browser server once failed to start on that, "Unexpected end of JSON input")
    const partial = `${stateFile}.${process.pid}.partial`;
    writeFileSync(
      partial,
      JSON.stringify({
        serialNumber: c.serialNumber,
        port: served.port,
        locks: [...bridge.locks.values()].map((l) => ({ serialNumber: l.serialNumber, id: l.id })),
      }),
      { mode: 0o600 },
    );
    renameSync(partial, stateFile);
  }
  const stop = () => void served.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
