import { createHash, timingSafeEqual } from 'node:crypto';
import { BRIDGE_API_VERSION, type BridgeDetails, type BridgeEventBody, type TokenMode } from '../tedee/protocol';
import { VirtualClock } from './clock';
import { VirtualLock, type LockInit } from './lock';

/**
 * A virtual Tedee bridge: what a real one holds in its own memory (its paired locks, its callbacks,
 * the api_keys it has seen), its clock, and the delivery of its events to the callbacks. The HTTP
 * side is http.ts; this file knows nothing of requests.
 */

/** How long a virtual lock takes for a command when its host says nothing (ms). */
export const DEFAULT_COMMAND_MS = 1500;

export interface BridgeInit {
  serialNumber: string;
  name: string;
  token: string;
  tokenMode?: TokenMode;
  /** off the network: its API refuses every connection (its control surface still answers) */
  online?: boolean;
  /** its link to the backend (GET /bridge isConnected, backend-connection-changed) */
  backendConnected?: boolean;
  version?: string;
  /**
   * the lock's command time in ms, asked at each command (default 1500): its host gives it (the tests'
   * and the demo's SIM_COMMAND_MS); the hardware reads no configuration of the service
   */
  commandMs?: () => number;
  locks?: Omit<LockInit, 'id'>[];
  /** one line per API request (the demo prints it: "the virtual bridge's log shows the request") */
  log?: (line: string) => void;
}

export interface Callback {
  id: number;
  url: string;
  method: string;
  headers: Record<string, string>[];
}

/** How long an encrypted api_key is good for, either side of the bridge's own time (and remembered, so it is used once). */
export const KEY_WINDOW_MS = 5 * 60_000;
const DELIVERY_TIMEOUT_MS = 3000;

const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');
const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export class VirtualBridge {
  readonly serialNumber: string;
  name: string;
  token: string;
  tokenMode: TokenMode;
  online: boolean;
  /** answers nothing at all (the request hangs until the caller gives up) */
  hang = false;
  /** serves our extension (a real Tedee bridge does not: its /x-smartlock paths answer 404) */
  extension = true;
  /** the locks' command time in ms when set (else the configured one) */
  commandMsOverride: number | null = null;
  backendConnected: boolean;
  readonly version: string;
  readonly clock = new VirtualClock();
  readonly locks = new Map<number, VirtualLock>();
  callbacks: Callback[] = [];
  /** every event sent, in order (the control surface shows them; a test replays one) */
  readonly sent: BridgeEventBody[] = [];
  /** delivery knobs: the next `drop` events are lost, `duplicate` sends each twice, `swap` delivers the next two in reverse */
  delivery = { drop: 0, duplicate: false, swap: false };
  private held: BridgeEventBody | null = null;
  private nextLockId = 1;
  private nextCallbackId = 1;
  private lastStamp = 0;
  private readonly usedKeys = new Map<string, number>();
  private readonly queues = new Map<number, Promise<void>>();
  private readonly inflight = new Set<Promise<void>>();
  /** how many events it has sent so far, and how many are still being delivered (a test tells the hardware's own doings from a request's) */
  eventsSent = 0;
  get deliveriesInFlight(): number {
    return this.inflight.size;
  }
  private readonly commandMsOf: () => number;
  readonly log: (line: string) => void;

  constructor(init: BridgeInit) {
    this.serialNumber = init.serialNumber;
    this.name = init.name;
    this.token = init.token;
    this.tokenMode = init.tokenMode ?? 'encrypted';
    this.online = init.online ?? true;
    this.backendConnected = init.backendConnected ?? true;
    this.version = init.version ?? '2.2.11098';
    this.commandMsOf = init.commandMs ?? (() => DEFAULT_COMMAND_MS);
    this.log = init.log ?? (() => {});
    for (const l of init.locks ?? []) this.pair(l);
  }

  /** Pairs a lock (its id on this bridge is the next free one unless given). */
  pair(init: Omit<LockInit, 'id'> & { id?: number }): VirtualLock {
    const id = init.id ?? this.nextLockId;
    this.nextLockId = Math.max(this.nextLockId, id + 1);
    const lock = new VirtualLock(
      {
        now: () => this.clock.now(),
        after: (ms, run) => this.clock.after(ms, run),
        commandMs: () => this.commandMsOverride ?? this.commandMsOf(),
        emit: (event, data) => this.emit(event, data),
      },
      { ...init, id },
    );
    this.locks.set(id, lock);
    return lock;
  }

  details(): BridgeDetails & Record<string, unknown> {
    return {
      name: this.name,
      currentTime: new Date(this.clock.now()).toISOString(),
      serialNumber: this.serialNumber,
      ssid: 'VirtualWiFi',
      isConnected: this.backendConnected ? 1 : 0,
      version: this.version,
      wifiVersion: '35.2.2.4',
      // not in spec.json: the API version this bridge speaks (a real one says it in its Swagger page)
      apiVersion: BRIDGE_API_VERSION,
    };
  }

  /**
   * The api_key of a request (bridge-api/howtos/authenticate.md): the token itself in plain mode;
   * otherwise SHA-256(token + timestamp) + timestamp, within KEY_WINDOW_MS of the bridge's time and
   * never twice (a replayed request is refused). Judged by real time: the control surface's clock
   * offset is for the hardware's timers, not for the keys a client makes.
   */
  authorize(key: string | undefined | null): boolean {
    if (!key) return false;
    if (this.tokenMode === 'plain') return same(key, this.token);
    const m = /^([0-9a-f]{64})(\d{10,16})$/.exec(key);
    if (!m) return false;
    const ts = Number(m[2]);
    const now = Date.now();
    if (Math.abs(now - ts) > KEY_WINDOW_MS) return false;
    if (!same(m[1], sha256Hex(`${this.token}${m[2]}`))) return false;
    for (const [k, at] of this.usedKeys) if (now - at > KEY_WINDOW_MS) this.usedKeys.delete(k);
    if (this.usedKeys.has(key)) return false;
    this.usedKeys.set(key, now);
    return true;
  }

  addCallback(c: Omit<Callback, 'id'>): Callback {
    const cb = { ...c, id: this.nextCallbackId++ };
    this.callbacks.push(cb);
    return cb;
  }

  /**
   * An event: stamped by the bridge's clock (strictly increasing, so no two of its events share an
   * instant), kept in `sent`, delivered to every callback (each in order, none waiting for another).
   * Resolves once it was delivered or given up on; nothing is sent while the bridge is offline.
   */
  emit(event: string, data: Record<string, unknown>): Promise<void> {
    const stamp = Math.max(this.clock.now(), this.lastStamp + 1);
    this.lastStamp = stamp;
    const body: BridgeEventBody = { event, timestamp: new Date(stamp).toISOString(), data };
    this.eventsSent++;
    this.sent.push(body);
    if (this.sent.length > 500) this.sent.splice(0, this.sent.length - 500);
    if (!this.online) return Promise.resolve();
    if (this.delivery.drop > 0) {
      this.delivery.drop--;
      return Promise.resolve();
    }
    if (this.delivery.swap && !this.held) {
      this.held = body;
      return Promise.resolve();
    }
    const bodies = [body];
    if (this.held) {
      bodies.push(this.held);
      this.held = null;
      this.delivery.swap = false;
    }
    if (this.delivery.duplicate) bodies.push(...bodies);
    const p = Promise.all(bodies.map((b) => this.deliver(b))).then(() => undefined);
    this.inflight.add(p);
    void p.finally(() => this.inflight.delete(p));
    return p;
  }

  /** Resolves once every event sent so far was delivered (or given up on): the control surface answers after that. */
  async idle(): Promise<void> {
    while (this.inflight.size) await Promise.all([...this.inflight]);
  }

  /** Sends one body to every callback (in each callback's order); resolves when all answered or gave up. */
  deliver(body: BridgeEventBody): Promise<void> {
    return Promise.all(
      this.callbacks.map((cb) => {
        const prev = this.queues.get(cb.id) ?? Promise.resolve();
        const next = prev.then(() => send(cb, body));
        this.queues.set(cb.id, next);
        return next;
      }),
    ).then(() => undefined);
  }

  /** A restart: the bridge forgets its callbacks and the keys it saw, and the locks stop what they were doing. */
  restart(): void {
    this.callbacks = [];
    this.usedKeys.clear();
    this.held = null;
    this.delivery = { drop: 0, duplicate: false, swap: false };
    for (const l of this.locks.values()) l.busyUntil = 0;
  }

  stop(): void {
    this.clock.stop();
    for (const l of this.locks.values()) l.stop();
  }
}

/** One delivery, as a bridge makes it (POST with JSON, or GET with the values in the query or the path). */
async function send(cb: Callback, body: BridgeEventBody): Promise<void> {
  const headers: Record<string, string> = {};
  for (const h of cb.headers) for (const [k, v] of Object.entries(h)) headers[k] = String(v);
  const flat: Record<string, string> = { event: body.event, timestamp: body.timestamp };
  for (const [k, v] of Object.entries(body.data)) if (typeof v !== 'object') flat[k] = String(v);
  let url = cb.url;
  let init: RequestInit = {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
  if (cb.method === 'GET') {
    url = `${cb.url}${cb.url.includes('?') ? '&' : '?'}${new URLSearchParams(flat)}`;
    init = { method: 'GET', headers };
  } else if (cb.method === 'GET+NO_PARAMS') {
    url = `${cb.url.replace(/\/$/, '')}/${Object.entries(flat)
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join('/')}`;
    init = { method: 'GET', headers };
  }
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) });
    await res.arrayBuffer().catch(() => undefined);
  } catch {
    // a bridge does not retry: a callback that did not answer missed the event
  }
}
