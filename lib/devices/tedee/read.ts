import { DeviceFailure, unreachable } from '../errors';
import type { BridgeAddress, BridgeSnapshot, LockSnapshot } from '../gateway';
import { BridgeNetworkFailure, bridgeRequest, describe, type BridgeResponse } from './client';
import {
  API_PREFIX,
  BRIDGE_API_VERSION,
  BRIDGE_TIME_HEADER,
  CAPABILITIES,
  EXT_PREFIX,
  type Capability,
} from './protocol';

/** Reads of the Bridge API (GET /bridge, /lock, /lock/{id}) and of our extension's capabilities. */

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/** A LockDetails body, read (fields a bridge leaves out get neutral values). */
export function snapshotOf(raw: unknown): LockSnapshot | null {
  const o = raw as Record<string, unknown> | null;
  if (!o || typeof o !== 'object' || typeof o.id !== 'number') return null;
  const battery = num(o.batteryLevel, 255);
  return {
    remoteId: o.id,
    name: typeof o.name === 'string' ? o.name : `Lock ${o.id}`,
    type: o.type === 4 ? 4 : 2,
    serialNumber: typeof o.serialNumber === 'string' ? o.serialNumber : '',
    isConnected: o.isConnected === 1 || o.isConnected === true,
    state: num(o.state, 9),
    jammed: o.jammed === 1 || o.jammed === true,
    doorState: typeof o.doorState === 'number' ? o.doorState : null,
    batteryLevel: battery >= 0 && battery <= 100 ? battery : null,
    isCharging: o.isCharging === 1 || o.isCharging === true,
    deviceRevision: num(o.deviceRevision, 0),
    version: typeof o.version === 'string' ? o.version : '',
  };
}

/** The bridge's time of an answer (our header on a virtual bridge, else the HTTP Date, else now). */
export function answeredAt(r: BridgeResponse): Date {
  const t = Date.parse(r.headers.get(BRIDGE_TIME_HEADER) ?? r.headers.get('date') ?? '');
  return Number.isNaN(t) ? new Date() : new Date(t);
}

function failure(r: BridgeResponse, what: string): DeviceFailure {
  if (r.status === 401)
    return new DeviceFailure(
      'invalid',
      'The bridge refused the API token. Copy the token again from the Tedee app (Bridge settings > Local API), and check whether it is set to an encrypted or a plain token.',
    );
  return unreachable(`The bridge did not give ${what} (${describe(r)}).`);
}

/** GET /lock/{id}, with the bridge's time of the answer (for ordering it against events). */
export async function readLock(
  bridge: BridgeAddress,
  remoteId: number,
  timeoutMs: number,
): Promise<LockSnapshot & { at: Date }> {
  const r = await bridgeRequest(bridge, 'GET', `${API_PREFIX}/lock/${remoteId}`, { timeoutMs });
  if (r.status === 404) throw unreachable('The bridge no longer has this lock paired: pair it again in the Tedee app.');
  const s = r.status === 200 ? snapshotOf(r.json) : null;
  if (!s) throw failure(r, 'the lock');
  return { ...s, at: answeredAt(r) };
}

/**
 * GET /bridge, then its locks and what it can do beyond the published API. A device that does not
 * answer like a Tedee bridge of API v1 (no such path, not its body, another major version) is
 * refused in words a person can act on.
 */
export async function readBridge(bridge: BridgeAddress, timeoutMs: number): Promise<BridgeSnapshot> {
  let r: BridgeResponse;
  try {
    r = await bridgeRequest(bridge, 'GET', `${API_PREFIX}/bridge`, { timeoutMs });
  } catch (e) {
    if (e instanceof BridgeNetworkFailure)
      throw new BridgeNetworkFailure(
        e.network,
        e.network === 'timeout'
          ? `Nothing answered at ${bridge.baseUrl} in time. Check the address and port (Tedee app: Bridge settings > Local API), and that this server can reach the bridge's network.`
          : `Nothing answers at ${bridge.baseUrl}. Check the address and port (Tedee app: Bridge settings > Local API), and that the bridge is powered and on the network.`,
      );
    throw e;
  }
  if (r.status === 401) throw failure(r, 'its details');
  const o = (r.status === 200 ? r.json : null) as Record<string, unknown> | null;
  const version = typeof o?.apiVersion === 'string' ? o.apiVersion : BRIDGE_API_VERSION;
  if (
    !o ||
    typeof o.serialNumber !== 'string' ||
    typeof o.name !== 'string' ||
    version.split('.')[0] !== BRIDGE_API_VERSION.split('.')[0]
  )
    throw new DeviceFailure(
      'precondition_failed',
      `The device at ${bridge.baseUrl} does not speak the Tedee Bridge API v${BRIDGE_API_VERSION.split('.')[0]} (${r.status === 200 ? `API version ${version}` : `it answered ${r.status} at ${API_PREFIX}/bridge`}). Update the bridge's firmware in the Tedee app, or check the address.`,
    );
  const at =
    typeof o.currentTime === 'string' && !Number.isNaN(Date.parse(o.currentTime))
      ? new Date(o.currentTime)
      : answeredAt(r);
  const list = await bridgeRequest(bridge, 'GET', `${API_PREFIX}/lock`, { timeoutMs });
  if (list.status !== 200 || !Array.isArray(list.json)) throw failure(list, 'its locks');
  const caps = await bridgeRequest(bridge, 'GET', `${EXT_PREFIX}/capabilities`, { timeoutMs });
  const offered = caps.status === 200 ? (caps.json as { capabilities?: unknown })?.capabilities : undefined;
  const capabilities = Array.isArray(offered) ? (CAPABILITIES.filter((c) => offered.includes(c)) as Capability[]) : [];
  return {
    name: o.name,
    serialNumber: o.serialNumber,
    version: typeof o.version === 'string' ? o.version : '',
    isConnected: o.isConnected === 1 || o.isConnected === true,
    at,
    locks: list.json.map(snapshotOf).filter((l): l is LockSnapshot => l !== null),
    capabilities,
  };
}
