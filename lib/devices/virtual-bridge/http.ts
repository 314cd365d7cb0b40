import type { IncomingMessage, ServerResponse } from 'node:http';
import { OperationType, type LockSettings } from '@/lib/shared/devices/codes';
import {
  API_PREFIX,
  BRIDGE_TIME_HEADER,
  CAPABILITIES,
  EXT_PREFIX,
  EXT_VERSION,
  OPERATION_HEADER,
  TOKEN_HEADER,
  type PinOnLock,
} from '../tedee/protocol';
import type { VirtualBridge } from './bridge';
import { LockRefusal, type Fault, type LockInit } from './lock';

/**
 * The HTTP side of one virtual bridge: the published Bridge API under /v1.0 (spec.json: statuses,
 * bodies, `Content-Type: application/json` and `Server: Tedee` on every answer), our extension
 * under /x-smartlock/v1, and the control surface under /control that plays the world around the
 * hardware (a hand at the door, a power cut, a lost event). The control surface exists only on a
 * virtual bridge and takes the bridge's token as it is.
 */

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(String(status));
  }
}

const NOT_FOUND = { 'error-description': 'Device not found' };
const CALLBACK_NOT_FOUND = { 'error-description': 'Callback not found' };
const MAX_BODY = 64 * 1024;

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_BODY) throw new HttpError(413, { 'error-description': 'Body too large' });
    chunks.push(c as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, { 'error-description': 'Invalid JSON' });
  }
}

function reply(bridge: VirtualBridge, res: ServerResponse, status: number, body?: unknown) {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.setHeader('server', 'Tedee');
  res.setHeader(BRIDGE_TIME_HEADER, new Date(bridge.clock.now()).toISOString());
  const text = body === undefined ? '' : JSON.stringify(body);
  res.setHeader('content-length', Buffer.byteLength(text));
  res.end(text);
}

const int = (s: string | undefined) => (s !== undefined && /^\d{1,9}$/.test(s) ? Number(s) : null);
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

function lockOf(bridge: VirtualBridge, id: string | undefined) {
  const n = int(id);
  const lock = n === null ? undefined : bridge.locks.get(n);
  if (!lock) throw new HttpError(404, NOT_FOUND);
  return lock;
}

function callbackOf(v: unknown): { url: string; method: string; headers: Record<string, string>[] } {
  const o = obj(v);
  if (typeof o.url !== 'string' || !/^https?:\/\//.test(o.url))
    throw new HttpError(400, { 'error-description': 'Invalid param' });
  const method = typeof o.method === 'string' ? o.method : 'POST';
  if (!['POST', 'GET', 'GET+NO_PARAMS'].includes(method))
    throw new HttpError(400, { 'error-description': 'Invalid param' });
  const headers = Array.isArray(o.headers)
    ? (o.headers.map((h) =>
        Object.fromEntries(Object.entries(obj(h)).filter(([, val]) => typeof val === 'string')),
      ) as Record<string, string>[])
    : [];
  return { url: o.url, method, headers };
}

const apiKeyOf = (req: IncomingMessage, url: URL) => {
  const h = req.headers[TOKEN_HEADER];
  return (Array.isArray(h) ? h[0] : h) ?? url.searchParams.get(TOKEN_HEADER);
};

/** Handles one request whose path (below the bridge's base) is `path`; false when it is not the bridge's. */
export async function handleBridgeRequest(
  bridge: VirtualBridge,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
): Promise<boolean> {
  const method = req.method ?? 'GET';
  const isControl = path === '/control' || path.startsWith('/control/');
  const isApi = path.startsWith(`${API_PREFIX}/`) || path.startsWith(`${EXT_PREFIX}/`);
  if (!isControl && !isApi) return false;
  if (path.startsWith(`${EXT_PREFIX}/`) && !bridge.extension) {
    reply(bridge, res, 404, { 'error-description': 'Not found' });
    return true;
  }
  if (isApi && !bridge.online) {
    // off the network: the connection is refused
    req.socket.destroy();
    return true;
  }
  if (isApi && bridge.hang) {
    // there, but silent: the caller gives up (the socket closes after a minute at the latest)
    setTimeout(() => req.socket.destroy(), 60_000).unref();
    return true;
  }
  const started = Date.now();
  try {
    const key = apiKeyOf(req, url);
    const authorized = isControl ? !!key && (key === bridge.token || bridge.authorize(key)) : bridge.authorize(key);
    if (!authorized) throw new HttpError(401, { 'error-description': 'Invalid token' });
    const body = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) ? await readJson(req) : undefined;
    const out = isControl
      ? await control(bridge, method, path.slice('/control'.length), body)
      : path.startsWith(API_PREFIX)
        ? await api(bridge, method, path.slice(API_PREFIX.length), body, req, url)
        : await extension(bridge, method, path.slice(EXT_PREFIX.length), body);
    reply(bridge, res, out.status, out.body);
  } catch (e) {
    if (e instanceof HttpError) reply(bridge, res, e.status, e.body);
    else if (e instanceof LockRefusal) reply(bridge, res, e.status, e.body);
    else {
      reply(bridge, res, 500, { 'error-description': 'Internal error' });
      bridge.log(`error: ${(e as Error).message}`);
    }
  }
  if (!isControl) bridge.log(`${method} ${path} ${res.statusCode} (${Date.now() - started} ms)`);
  return true;
}

type Out = { status: number; body?: unknown };
const ok = (body?: unknown): Out => ({ status: body === undefined ? 204 : 200, body });

const ACTIONS: Record<string, number> = {
  lock: OperationType.lock,
  unlock: OperationType.unlock,
  pull: OperationType.pull,
};

/** The published API (spec.json). */
async function api(
  bridge: VirtualBridge,
  method: string,
  path: string,
  body: unknown,
  req: IncomingMessage,
  url: URL,
): Promise<Out> {
  const seg = path.split('/').filter(Boolean);
  if (method === 'GET' && path === '/bridge') return ok(bridge.details());
  if (method === 'GET' && path === '/lock') return ok([...bridge.locks.values()].map((l) => l.details()));
  if (seg[0] === 'lock' && seg.length === 2 && method === 'GET') return ok(lockOf(bridge, seg[1]).details());
  if (seg[0] === 'lock' && seg.length === 3 && method === 'POST' && seg[2] in ACTIONS) {
    const lock = lockOf(bridge, seg[1]);
    let mode: number | null = null;
    if (seg[2] === 'unlock') {
      const raw = (req.headers.mode as string | undefined) ?? url.searchParams.get('mode') ?? undefined;
      if (raw !== undefined && raw !== '') {
        mode = int(raw);
        if (mode === null || ![0, 2, 3, 4].includes(mode))
          throw new HttpError(403, { 'error-description': 'Invalid param' });
      }
    }
    const op = req.headers[OPERATION_HEADER];
    lock.command(ACTIONS[seg[2]], mode, typeof op === 'string' ? op.slice(0, 64) : undefined);
    return ok();
  }
  if (path === '/callback') {
    if (method === 'GET') return ok(bridge.callbacks);
    if (method === 'POST') return ok({ id: bridge.addCallback(callbackOf(body)).id });
    if (method === 'PUT') {
      if (!Array.isArray(body)) throw new HttpError(400, { 'error-description': 'Invalid param' });
      const all = body.map(callbackOf);
      bridge.callbacks = [];
      return ok(all.map((c) => bridge.addCallback(c).id));
    }
  }
  if (seg[0] === 'callback' && seg.length === 2 && (method === 'DELETE' || method === 'PUT')) {
    const id = int(seg[1]);
    const i = bridge.callbacks.findIndex((c) => c.id === id);
    if (i < 0) throw new HttpError(404, CALLBACK_NOT_FOUND);
    if (method === 'DELETE') bridge.callbacks.splice(i, 1);
    else bridge.callbacks[i] = { ...callbackOf(body), id: bridge.callbacks[i].id };
    return ok();
  }
  throw new HttpError(404, { 'error-description': 'Not found' });
}

const isoOrNull = (v: unknown) => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? v : null);

/** Our extension (docs/devices.md): PINs, settings and the door sensor of a lock. */
async function extension(bridge: VirtualBridge, method: string, path: string, body: unknown): Promise<Out> {
  const seg = path.split('/').filter(Boolean);
  if (method === 'GET' && path === '/capabilities')
    return ok({ version: EXT_VERSION, capabilities: [...CAPABILITIES] });
  if (seg[0] !== 'lock' || seg.length < 3) throw new HttpError(404, { 'error-description': 'Not found' });
  const lock = lockOf(bridge, seg[1]);
  const b = obj(body);
  if (seg[2] === 'settings' && seg.length === 3 && method === 'PUT') {
    const revision = int(String(b.revision));
    if (revision === null) throw new HttpError(400, { 'error-description': 'Invalid param' });
    await lock.confirmed(() =>
      lock.applySettings(
        revision,
        obj(b.settings) as Partial<LockSettings>,
        typeof b.timeZone === 'string' ? b.timeZone : undefined,
      ),
    );
    return ok();
  }
  if (seg[2] === 'pin' && seg.length === 4 && (method === 'PUT' || method === 'DELETE')) {
    const pinId = int(seg[3]);
    if (pinId === null) throw new HttpError(404, { 'error-description': 'Not found' });
    if (method === 'DELETE') {
      await lock.confirmed(() => lock.pins.delete(pinId));
      return ok();
    }
    if (typeof b.value !== 'string' || !/^\d{1,16}$/.test(b.value))
      throw new HttpError(400, { 'error-description': 'Invalid param' });
    const pin: PinOnLock = {
      value: b.value,
      startDate: isoOrNull(b.startDate),
      endDate: isoOrNull(b.endDate),
      dayStartTime: isoOrNull(b.dayStartTime),
      dayEndTime: isoOrNull(b.dayEndTime),
      weekDays: typeof b.weekDays === 'number' ? b.weekDays : null,
    };
    if (typeof b.timeZone === 'string') lock.timeZone = b.timeZone;
    await lock.confirmed(() => lock.pins.set(pinId, pin));
    return ok();
  }
  if (seg[2] === 'doorsensor' && seg.length === 3 && method === 'DELETE') {
    // the API answers without waiting for its events to be delivered (a client may be in the middle of a transaction)
    void lock.unpairSensor();
    return ok();
  }
  throw new HttpError(404, { 'error-description': 'Not found' });
}

const FAULTS: readonly Fault[] = ['timeout', 'slow', 'jam'];

/** The control surface: the world around the hardware. Answers once the events it caused were delivered. */
async function control(bridge: VirtualBridge, method: string, path: string, body: unknown): Promise<Out> {
  const seg = path.split('/').filter(Boolean);
  const b = obj(body);
  if (method === 'GET' && path === '/state') return ok(state(bridge));
  if (method === 'GET' && path === '/events') return ok(bridge.sent);
  if (method === 'POST' && path === '/bridge') {
    if (typeof b.name === 'string') bridge.name = b.name;
    if (typeof b.hang === 'boolean') bridge.hang = b.hang;
    if (typeof b.extension === 'boolean') bridge.extension = b.extension;
    // the token changed in the Tedee app (the service's copy is then wrong)
    if (typeof b.token === 'string' && b.token.length >= 8) bridge.token = b.token;
    if (typeof b.commandMs === 'number' || b.commandMs === null)
      bridge.commandMsOverride = b.commandMs as number | null;
    if (typeof b.backendConnected === 'boolean' && b.backendConnected !== bridge.backendConnected) {
      bridge.backendConnected = b.backendConnected;
      await bridge.emit('backend-connection-changed', { isConnected: b.backendConnected ? 1 : 0 });
    }
    if (typeof b.online === 'boolean' && b.online !== bridge.online) {
      bridge.online = b.online;
      // back on the network, a bridge announces its link (the events it missed meanwhile are lost)
      if (b.online && !b.silent)
        await bridge.emit('backend-connection-changed', { isConnected: bridge.backendConnected ? 1 : 0 });
    }
    return ok(state(bridge));
  }
  if (method === 'POST' && path === '/restart') {
    bridge.restart();
    return ok(state(bridge));
  }
  if (method === 'POST' && path === '/clock') {
    const ms = Number(b.advanceMs);
    if (!Number.isFinite(ms) || ms < 0)
      throw new HttpError(400, { 'error-description': 'advanceMs must be a number of ms' });
    bridge.clock.advance(ms);
    await settle(bridge);
    return ok({ now: new Date(bridge.clock.now()).toISOString() });
  }
  if (method === 'POST' && path === '/delivery') {
    if (typeof b.drop === 'number') bridge.delivery.drop = b.drop;
    if (typeof b.duplicate === 'boolean') bridge.delivery.duplicate = b.duplicate;
    if (typeof b.swap === 'boolean') bridge.delivery.swap = b.swap;
    if (b.replay !== undefined) {
      const i = Number(b.replay);
      const ev = bridge.sent.at(i);
      if (!ev) throw new HttpError(404, { 'error-description': 'No such event' });
      await bridge.deliver(ev);
    }
    return ok(bridge.delivery);
  }
  if (method === 'POST' && path === '/locks') {
    const lock = bridge.pair(b as unknown as LockInit);
    return ok(lock.details());
  }
  if (seg[0] === 'locks' && seg.length === 2 && method === 'DELETE') {
    const lock = lockOf(bridge, seg[1]);
    lock.stop();
    bridge.locks.delete(lock.id);
    return ok();
  }
  if (seg[0] === 'locks' && seg.length === 2 && method === 'POST') {
    const lock = lockOf(bridge, seg[1]);
    switch (b.action) {
      case 'press':
        await lock.press(b.how === 'button' ? 'button' : 'knob', b.operation === 'lock' ? 'lock' : 'unlock');
        break;
      case 'door':
        await lock.door(b.open === true);
        break;
      case 'battery':
        await lock.battery(Number(b.level), typeof b.charging === 'boolean' ? b.charging : undefined);
        break;
      case 'sensorBattery':
        await lock.sensorBattery(Number(b.level));
        break;
      case 'bell':
        await lock.bell();
        break;
      case 'link':
        await lock.link(b.connected === true);
        break;
      case 'fault':
        lock.fault = FAULTS.includes(b.fault as Fault) ? (b.fault as Fault) : null;
        break;
      case 'keypad':
        return ok(await lock.enter(String(b.pin ?? '')));
      case 'sensor':
        lock.doorSensor = b.paired === true;
        if (lock.doorSensor && lock.doorState === 0) lock.doorState = 3;
        if (!lock.doorSensor) lock.doorState = 0;
        break;
      case 'set':
        lock.set(b as Parameters<typeof lock.set>[0]);
        break;
      case 'pins':
        // the PINs the lock already holds (set up before this process started: the demo's)
        for (const p of Array.isArray(b.pins) ? (b.pins as Array<Record<string, unknown>>) : [])
          if (typeof p.id === 'number' && typeof p.value === 'string')
            lock.pins.set(p.id, {
              value: p.value,
              startDate: isoOrNull(p.startDate),
              endDate: isoOrNull(p.endDate),
              dayStartTime: isoOrNull(p.dayStartTime),
              dayEndTime: isoOrNull(p.dayEndTime),
              weekDays: typeof p.weekDays === 'number' ? p.weekDays : null,
            });
        break;
      default:
        throw new HttpError(400, { 'error-description': 'Unknown action' });
    }
    await settle(bridge);
    return ok(lockState(lock));
  }
  throw new HttpError(404, { 'error-description': 'Not found' });
}

/** Lets the events of what just happened (timers that fired too) reach the callbacks before the control call answers. */
async function settle(bridge: VirtualBridge) {
  await new Promise((r) => setImmediate(r));
  await bridge.idle();
}

function lockState(l: ReturnType<VirtualBridge['locks']['get']> & object) {
  return {
    ...l.details(),
    fault: l.fault,
    busy: l.busy(),
    pins: [...l.pins.keys()],
    keypad: l.keypad,
    timeZone: l.timeZone,
    settings: l.settings,
  };
}

function state(bridge: VirtualBridge) {
  return {
    ...bridge.details(),
    online: bridge.online,
    hang: bridge.hang,
    tokenMode: bridge.tokenMode,
    callbacks: bridge.callbacks,
    delivery: bridge.delivery,
    locks: [...bridge.locks.values()].map(lockState),
  };
}
