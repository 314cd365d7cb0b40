import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { AccessLevel, DeviceType, devices } from '@/db/schema';
import { childEnv, harness } from '@/lib/config/harness';
import { randomToken } from '@/lib/crypto/secrets';
import type { LockSettings } from '@/lib/shared/devices/codes';
import { CAPABILITIES } from '@/lib/devices/gateway';
import type { BridgeEventBody } from '@/lib/devices/tedee/protocol';
import { saveBridgeLink } from '@/lib/domain/devices/bridge-links';
import { bridgeAddress } from '@/lib/domain/devices/hardware';
import { ensureCallback, reconcileBridge } from '@/lib/domain/devices/reconcile';
import type { VirtualBridge, VirtualLock } from '@/lib/devices/virtual-bridge';
import { hardware, serviceEndpoint } from './bridges';
import { createLock, createUser, db, grantUser, lockWithCast, type TestUser } from './factories/core';

/**
 * What the adapter conformance suite (tests/contract/adapter-conformance.test.ts) needs of the device
 * under test: the hand at the door and the network around the bridge. Each harness gives it for one
 * kind of device behind the same HTTP adapter: a virtual bridge served by this test process, or one
 * running as a process of its own (`npm run bridge`), driven through its control surface.
 */
export interface DeviceControl {
  press(how: 'button' | 'knob', operation: 'lock' | 'unlock'): Promise<void>;
  door(open: boolean): Promise<void>;
  sensor(paired: boolean): Promise<void>;
  battery(level: number, charging?: boolean): Promise<void>;
  bell(): Promise<void>;
  keypad(pin: string): Promise<{ outcome: string; unlocked: boolean; lockedOutUntil: string | null }>;
  /** the lock's Bluetooth link to its bridge */
  link(connected: boolean): Promise<void>;
  fault(f: 'timeout' | 'slow' | 'jam' | null): Promise<void>;
  /** the lock's command time (null: the usual) */
  commandMs(ms: number | null): Promise<void>;
  /** what the lock works with, as if it had applied it */
  settings(s: Partial<LockSettings>): Promise<void>;
  /** the events' way to the service: the next `drop` are lost, each sent twice, the next two swapped */
  delivery(d: { drop?: number; duplicate?: boolean; swap?: boolean }): Promise<void>;
  /** delivers again an event the bridge sent before (by its index in `sent`) */
  replay(index: number): Promise<void>;
  sent(): Promise<BridgeEventBody[]>;
  /** the bridge restarts: it forgets its callbacks */
  restart(): Promise<void>;
  /** the bridge on or off the network, silent, its backend link, its token changed in the app, our extension */
  network(n: {
    online?: boolean;
    hang?: boolean;
    backendConnected?: boolean;
    token?: string;
    extension?: boolean;
  }): Promise<void>;
  /** time passes for the hardware */
  advance(ms: number): Promise<void>;
  state(): Promise<{ state: number; busy: boolean; doorState: number }>;
  callbacks(): Promise<Array<{ id: number; url: string }>>;
}

export interface World {
  owner: TestUser;
  bridge: { id: number };
  lock: { id: number; type: number; name: string };
  hw: DeviceControl;
}

export interface Harness {
  name: string;
  start(): Promise<void>;
  setup(): Promise<World>;
  /** puts the bridge back as it was (after a test that took it off the network, changed its token...) */
  reset(world: World): Promise<void>;
  stop(): Promise<void>;
}

/** A virtual bridge of this test process, driven by its objects (the same as its control surface does). */
function objectControl(bridge: VirtualBridge, lock: VirtualLock): DeviceControl {
  const settled = async <T>(p: Promise<T> | T): Promise<T> => {
    const out = await p;
    await new Promise((r) => setImmediate(r));
    await bridge.idle();
    return out;
  };
  return {
    press: (how, op) => settled(lock.press(how, op)),
    door: (open) => settled(lock.door(open)),
    sensor: async (paired) => {
      lock.doorSensor = paired;
      if (paired && lock.doorState === 0) lock.doorState = 3;
    },
    battery: (level, charging) => settled(lock.battery(level, charging)),
    bell: () => settled(lock.bell()),
    keypad: (pin) => settled(lock.enter(pin)),
    link: (c) => settled(lock.link(c)),
    fault: async (f) => void (lock.fault = f),
    commandMs: async (ms) => void (bridge.commandMsOverride = ms),
    settings: async (s) => lock.set({ settings: s }),
    delivery: async (d) => void Object.assign(bridge.delivery, d),
    replay: (i) => settled(bridge.deliver(bridge.sent.at(i)!)),
    sent: async () => [...bridge.sent],
    restart: async () => bridge.restart(),
    network: async (n) => {
      if (n.hang !== undefined) bridge.hang = n.hang;
      if (n.extension !== undefined) bridge.extension = n.extension;
      if (n.token !== undefined) bridge.token = n.token;
      if (n.backendConnected !== undefined && n.backendConnected !== bridge.backendConnected) {
        bridge.backendConnected = n.backendConnected;
        await settled(bridge.emit('backend-connection-changed', { isConnected: n.backendConnected ? 1 : 0 }));
      }
      if (n.online !== undefined && n.online !== bridge.online) {
        bridge.online = n.online;
        if (n.online)
          await settled(bridge.emit('backend-connection-changed', { isConnected: bridge.backendConnected ? 1 : 0 }));
      }
    },
    advance: (ms) => settled(bridge.clock.advance(ms)),
    state: async () => ({ state: lock.state, busy: lock.busy(), doorState: lock.doorState }),
    callbacks: async () => bridge.callbacks.map((c) => ({ id: c.id, url: c.url })),
  };
}

/** The virtual bridges of this test process (tests/support/bridges.ts), a new one per test. */
export const inProcess: Harness = {
  name: 'a virtual bridge served by this process',
  start: async () => undefined,
  async setup() {
    const { owner, bridge, lock } = await lockWithCast();
    const b = hardware.bridge(bridge.id)!;
    return { owner, bridge, lock, hw: objectControl(b, hardware.lock(lock.id)!) };
  },
  reset: async () => undefined,
  stop: async () => undefined,
};

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const m = harness().TEST_BRIDGE_PORTS;
    const from = m?.from ?? 0;
    const to = m?.to ?? 0;
    const tryPort = (p: number) => {
      const s = createServer();
      s.once('error', () => (m && p < to ? tryPort(p + 1) : reject(new Error('no free port'))));
      s.listen(p, '127.0.0.1', () => {
        const port = (s.address() as { port: number }).port;
        s.close(() => resolve(port));
      });
    };
    tryPort(m ? from + ((process.pid * 13) % (to - from)) : 0);
  });

/** A virtual bridge as a process of its own (`npm run bridge`): one for the suite, a new lock paired per test. */
export function childProcess(): Harness {
  let proc: ChildProcess | undefined;
  let baseUrl = '';
  let bridgeId = 0;
  let seq = 0;
  const token = randomToken(12);
  /** the bridge's token now (a test changes it, as in the Tedee app): its control surface takes it */
  let current = token;
  const control = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}/control${p}`, {
      method,
      headers: { api_token: current, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json().catch(() => null);
    if (res.status >= 300)
      throw Object.assign(new Error(`control ${p}: ${res.status} ${JSON.stringify(json)}`), { status: res.status });
    return json;
  };
  return {
    name: 'a virtual bridge running as its own process (npm run bridge)',
    async start() {
      const port = await freePort();
      const dir = mkdtempSync(path.join(tmpdir(), 'h-bridge-'));
      const config = path.join(dir, 'bridge.json');
      writeFileSync(config, JSON.stringify({ serialNumber: `VBP-${port}`, name: `Process bridge ${port}`, locks: [] }));
      proc = spawn(
        process.execPath,
        ['node_modules/tsx/dist/cli.mjs', 'scripts/bridge.ts', '--port', String(port), '--config', config, '--quiet'],
        { env: childEnv({ VIRTUAL_BRIDGE_TOKEN: token }), stdio: ['ignore', 'pipe', 'inherit'] },
      );
      baseUrl = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 30_000;
      for (;;) {
        const up = await fetch(`${baseUrl}/control/state`, { headers: { api_token: token } }).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        if (Date.now() > deadline || proc.exitCode !== null) throw new Error('the bridge process did not start');
        await new Promise((r) => setTimeout(r, 100));
      }
      await serviceEndpoint();
      const d = await db();
      const [b] = await d
        .insert(devices)
        .values({
          type: DeviceType.bridge,
          serialNumber: `VBP-${port}`,
          name: `Process bridge ${port}`,
          timeZone: 'Europe/Warsaw',
          isConnected: true,
        })
        .returning();
      bridgeId = b.id;
      await saveBridgeLink(d, b.id, { baseUrl, token, tokenMode: 'encrypted', capabilities: CAPABILITIES });
      await ensureCallback(d, (await bridgeAddress(d, b.id))!);
    },
    async setup() {
      const owner = await createUser();
      const serial = `VBP-L-${process.pid}-${++seq}`;
      const paired = (await control('POST', '/locks', {
        serialNumber: serial,
        name: `Process lock ${seq}`,
        type: 2,
        state: 6,
        doorState: 3,
        batteryLevel: 80,
        settings: { pullSpringEnabled: true, pullSpringDuration: 2, doorStateEventLoggingEnabled: true },
        timeZone: 'Europe/Warsaw',
      })) as { id: number };
      const lock = await createLock({ bridge: null, serialNumber: serial, name: `Process lock ${seq}` });
      await (await db())
        .update(devices)
        .set({
          connectedToId: bridgeId,
          remoteId: paired.id,
          state: 6,
          doorState: 3,
          batteryLevel: 80,
          isCharging: false,
          stateChangeResult: 0,
          lastStateChangedDate: new Date(),
        })
        .where(eq(devices.id, lock.id));
      await grantUser(lock.id, owner.id, AccessLevel.owner);
      await grantUser(bridgeId, owner.id, AccessLevel.owner);
      const at = `/locks/${paired.id}`;
      const act = (body: Record<string, unknown>) => control('POST', at, body);
      const lockOf = async () =>
        (
          (await control('GET', '/state')) as {
            locks: Array<{ id: number; state: number; busy: boolean; doorState: number }>;
          }
        ).locks.find((l) => l.id === paired.id)!;
      const hw: DeviceControl = {
        press: async (how, operation) => void (await act({ action: 'press', how, operation })),
        door: async (open) => void (await act({ action: 'door', open })),
        sensor: async (p) => void (await act({ action: 'sensor', paired: p })),
        battery: async (level, charging) => void (await act({ action: 'battery', level, charging })),
        bell: async () => void (await act({ action: 'bell' })),
        keypad: async (pin) => (await act({ action: 'keypad', pin })) as Awaited<ReturnType<DeviceControl['keypad']>>,
        link: async (connected) => void (await act({ action: 'link', connected })),
        fault: async (fault) => void (await act({ action: 'fault', fault })),
        commandMs: async (commandMs) => void (await control('POST', '/bridge', { commandMs })),
        settings: async (settings) => void (await act({ action: 'set', settings })),
        delivery: async (d) => void (await control('POST', '/delivery', d)),
        replay: async (i) => void (await control('POST', '/delivery', { replay: i })),
        sent: async () => (await control('GET', '/events')) as BridgeEventBody[],
        restart: async () => void (await control('POST', '/restart')),
        network: async (n) => {
          await control('POST', '/bridge', n);
          if (n.token) current = n.token;
        },
        advance: async (advanceMs) => void (await control('POST', '/clock', { advanceMs })),
        state: async () => {
          const l = await lockOf();
          return { state: l.state, busy: l.busy, doorState: l.doorState };
        },
        callbacks: async () =>
          ((await control('GET', '/state')) as { callbacks: Array<{ id: number; url: string }> }).callbacks,
      };
      return { owner, bridge: { id: bridgeId }, lock: { id: lock.id, type: lock.type, name: lock.name }, hw };
    },
    async reset(world) {
      await world.hw.network({ online: true, hang: false, backendConnected: true, token, extension: true });
      await world.hw.delivery({ drop: 0, duplicate: false, swap: false });
      await world.hw.commandMs(null);
      await reconcileBridge(await db(), bridgeId);
    },
    async stop() {
      proc?.kill('SIGTERM');
    },
  };
}
