import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '@/lib/config';
import { harness } from '@/lib/config/harness';
import { VirtualBridgeHost, type VirtualBridge } from '@/lib/devices/virtual-bridge';
import { BRIDGE_EVENTS, EXT_EVENTS } from '@/lib/devices/tedee/protocol';

/**
 * The virtual bridge speaks the Tedee Bridge API v1.2 as Tedee publishes it: every answer of every
 * operation in spec.json (tests/support/tedee-bridge-api) validates against the document, with the
 * headers getting_started.md names; authentication as howtos/authenticate.md says (plain, or
 * SHA-256 of token and timestamp, each key once); its events are the documented ones, with the
 * documented bodies.
 */
type Json = Record<string, any>;
const spec = JSON.parse(readFileSync(path.join(__dirname, '../support/tedee-bridge-api/spec.json'), 'utf8')) as Json;
// int32 and int64 too: a number outside them fails
const ajv = (addFormats as unknown as (a: Ajv2020) => Ajv2020)(
  new Ajv2020({ strict: false, allErrors: true, validateSchema: false }),
);

/** Checks an answer against the document's response for (method, path, status); returns the problems. */
function checked(method: string, specPath: string, status: number, res: { headers: Headers; body: unknown }): string[] {
  const op = spec.paths[specPath]?.[method.toLowerCase()];
  if (!op) return [`${method} ${specPath} is not in spec.json`];
  const response = op.responses[String(status)];
  if (!response)
    return [`${method} ${specPath}: ${status} is not a status spec.json lists (${Object.keys(op.responses)})`];
  const problems: string[] = [];
  if (res.headers.get('content-type') !== 'application/json')
    problems.push(`content-type ${res.headers.get('content-type')}`);
  if (res.headers.get('server') !== 'Tedee') problems.push(`server ${res.headers.get('server')}`);
  const schema = response.content?.['application/json']?.schema;
  if (!schema) {
    if (res.body !== null) problems.push(`${status} should have no body`);
    return problems;
  }
  const validate = ajv.compile({ ...schema, components: { schemas: spec.components.schemas } });
  if (!validate(res.body)) problems.push(`${status}: ${ajv.errorsText(validate.errors)}: ${JSON.stringify(res.body)}`);
  return problems;
}

const host = new VirtualBridgeHost('127.0.0.1', () => config().SIM_COMMAND_MS);
let bridge: VirtualBridge;
let base = '';
const TOKEN = 'BE9xnPnGfVUS';
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
let stamp = Date.now();
const encrypted = () => {
  stamp = Math.max(Date.now(), stamp + 1);
  return `${sha(`${TOKEN}${stamp}`)}${stamp}`;
};

async function call(
  method: string,
  p: string,
  opts: { key?: string | null; body?: unknown; headers?: Record<string, string> } = {},
) {
  const key = opts.key === undefined ? encrypted() : opts.key;
  const res = await fetch(`${base}/v1.0${p}`, {
    method,
    headers: {
      ...(key ? { api_token: key } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  await host.start(harness().TEST_BRIDGE_PORTS ?? 0);
  const added = host.add({
    serialNumber: '19420103-000006',
    name: 'Bridge-8C14',
    token: TOKEN,
    commandMs: () => 2000,
    locks: [
      { serialNumber: '22510401-000050', name: 'Lock-9A25', type: 2, doorSensor: true },
      { serialNumber: '22510401-000051', name: 'Lock-GO', type: 4 },
    ],
  });
  bridge = added.bridge;
  base = added.baseUrl;
});
afterAll(() => host.close());

describe('the virtual bridge against spec.json', () => {
  it('every operation answers what the document says, for every status it can reach', async () => {
    const problems: string[] = [];
    const expect_ = async (method: string, specPath: string, p: string, status: number, opts = {}) => {
      const r = await call(method, p, opts);
      if (r.status !== status)
        problems.push(`${method} ${p}: ${r.status}, wanted ${status}: ${JSON.stringify(r.body)}`);
      problems.push(...checked(method, specPath, r.status, r));
      return r;
    };
    // bridge and locks
    await expect_('GET', '/bridge', '/bridge', 200);
    await expect_('GET', '/bridge', '/bridge', 401, { key: 'wrong' });
    const list = await expect_('GET', '/lock', '/lock', 200);
    expect(list.body).toHaveLength(2);
    await expect_('GET', '/lock', '/lock', 401, { key: null });
    await expect_('GET', '/lock/{deviceId}', '/lock/1', 200);
    await expect_('GET', '/lock/{deviceId}', '/lock/99', 404);
    await expect_('GET', '/lock/{deviceId}', '/lock/1', 401, { key: 'wrong' });
    // commands: started (204), an invalid mode (403), busy (406 BLE error), disconnected (405), unknown (404)
    await expect_('POST', '/lock/{deviceId}/unlock', '/lock/1/unlock', 403, { headers: { mode: '7' } });
    await expect_('POST', '/lock/{deviceId}/unlock', '/lock/1/unlock', 204, { headers: { mode: '3' } });
    await expect_('POST', '/lock/{deviceId}/lock', '/lock/1/lock', 406);
    await expect_('POST', '/lock/{deviceId}/pull', '/lock/1/pull', 406);
    bridge.locks.get(2)!.connected = false;
    await expect_('POST', '/lock/{deviceId}/lock', '/lock/2/lock', 405);
    await expect_('POST', '/lock/{deviceId}/unlock', '/lock/2/unlock', 405);
    await expect_('POST', '/lock/{deviceId}/pull', '/lock/2/pull', 405);
    await expect_('POST', '/lock/{deviceId}/pull', '/lock/99/pull', 404);
    await expect_('POST', '/lock/{deviceId}/lock', '/lock/1/lock', 401, { key: 'wrong' });
    // callbacks
    const one = await expect_('POST', '/callback', '/callback', 200, {
      body: { url: 'http://192.168.1.21:8080/events', method: 'POST', headers: [{ header_name: 'header_value' }] },
    });
    expect(one.body).toEqual({ id: expect.any(Number) });
    const all = await expect_('PUT', '/callback', '/callback', 200, {
      body: [{ url: 'http://192.168.1.21:8080/a' }, { url: 'http://192.168.1.21:8080/b', method: 'GET' }],
    });
    expect(all.body).toHaveLength(2);
    const got = await expect_('GET', '/callback', '/callback', 200);
    expect(got.body.map((c: Json) => c.url)).toEqual(['http://192.168.1.21:8080/a', 'http://192.168.1.21:8080/b']);
    await expect_('PUT', '/callback/{callbackId}', `/callback/${all.body[0]}`, 204, {
      body: { url: 'http://192.168.1.21:8080/c' },
    });
    await expect_('PUT', '/callback/{callbackId}', '/callback/999', 404, {
      body: { url: 'http://192.168.1.21:8080/c' },
    });
    await expect_('DELETE', '/callback/{callbackId}', `/callback/${all.body[1]}`, 204);
    await expect_('DELETE', '/callback/{callbackId}', `/callback/${all.body[1]}`, 404);
    await expect_('GET', '/callback', '/callback', 401, { key: 'wrong' });
    bridge.callbacks = [];
    expect(problems).toEqual([]);
    // the operations the document has, all answered above
    expect(
      Object.entries(spec.paths).flatMap(([p, ops]) => Object.keys(ops as Json).map((m) => `${m} ${p}`)),
    ).toHaveLength(11);
  });

  it('authentication as documented: an encrypted key once and only near the bridge’s time; a plain token when set so; header or query', async () => {
    const key = encrypted();
    expect((await call('GET', '/bridge', { key })).status).toBe(200);
    expect((await call('GET', '/bridge', { key })).status).toBe(401); // replayed
    const old = Date.now() - 10 * 60_000;
    expect((await call('GET', '/bridge', { key: `${sha(`${TOKEN}${old}`)}${old}` })).status).toBe(401);
    expect((await call('GET', '/bridge', { key: TOKEN })).status).toBe(401); // plain while encrypted is set
    const q = encrypted();
    expect((await fetch(`${base}/v1.0/bridge?api_token=${q}`)).status).toBe(200);
    // the worked example of howtos/authenticate.md
    expect(sha('BE9xnPnGfVUS1691058833000')).toBe('e59d9763edc6e59f2faccf9a769e5cf170d68439c3fd67afae5e3e72d0463a71');
    bridge.tokenMode = 'plain';
    expect((await call('GET', '/bridge', { key: TOKEN })).status).toBe(200);
    expect((await call('GET', '/bridge', { key: TOKEN })).status).toBe(200); // plain: the same request again
    bridge.tokenMode = 'encrypted';
  });

  it('its events are the documented ones with the documented bodies (and ours, named x-)', async () => {
    const lock = bridge.locks.get(1)!;
    bridge.sent.length = 0;
    lock.connected = true;
    lock.busyUntil = 0;
    await lock.battery(42, true);
    await lock.door(true);
    await lock.link(false);
    await lock.link(true);
    bridge.backendConnected = false;
    await bridge.emit('backend-connection-changed', { isConnected: 0 });
    await lock.bell();
    lock.applySettings(2, { autoLockEnabled: true });
    const names = new Set(bridge.sent.map((e) => e.event));
    for (const e of bridge.sent) {
      expect(e.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect([...BRIDGE_EVENTS, ...EXT_EVENTS]).toContain(e.event);
      if (e.event === 'backend-connection-changed') expect(e.data).toEqual({ isConnected: 0 });
      else expect(e.data).toMatchObject({ deviceType: 2, deviceId: 1, serialNumber: '22510401-000050' });
      if (e.event === 'lock-status-changed') expect(e.data).toMatchObject({ state: expect.any(Number), jammed: 0 });
      if (e.event === 'device-battery-level-changed') expect(e.data.batteryLevel).toBe(42);
      if (e.event === 'device-connection-changed') expect([0, 1]).toContain(e.data.isConnected);
    }
    expect([...names].sort()).toEqual(
      [
        'backend-connection-changed',
        'device-battery-level-changed',
        'device-battery-start-charging',
        'device-connection-changed',
        'device-settings-changed',
        'lock-status-changed',
        'x-bell-pressed',
      ].sort(),
    );
    // strictly increasing stamps: no two events of the bridge share an instant
    const stamps = bridge.sent.map((e) => Date.parse(e.timestamp));
    expect(stamps.every((t, i) => i === 0 || t > stamps[i - 1])).toBe(true);
  });
});
