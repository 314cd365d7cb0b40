import { busy, DeviceFailure, unreachable } from '../errors';
import type { BridgeAddress, Fault, KeypadVerdict, LockAddress, SimulatorControl } from '../gateway';
import { BridgeNetworkFailure, bridgeRequest, describe, type BridgeResponse } from './client';
import { BLE_BUSY } from './protocol';

/**
 * The demo's hand at the door: the control surface of a virtual bridge (lib/devices/virtual-bridge,
 * under <baseUrl>/control), which makes the hardware act. What happens reaches the service the way a
 * real bridge's news does, as events to its callback; the control call answers after they were
 * delivered, so the demo and the tests see the result at once. A real Tedee bridge has no such surface.
 */

type LockControl = Omit<SimulatorControl, 'setGateFault' | 'pendingGateFault' | 'externalGates'>;

const TIMEOUT_MS = 15_000;

async function call(bridge: BridgeAddress, method: string, path: string, body?: unknown): Promise<BridgeResponse> {
  try {
    const r = await bridgeRequest(bridge, method, `/control${path}`, { body, timeoutMs: TIMEOUT_MS });
    if (r.status === 404 && path === '/state')
      throw new DeviceFailure('conflict', 'This is a real bridge: the simulator drives only virtual bridges.');
    return r;
  } catch (e) {
    if (e instanceof BridgeNetworkFailure)
      throw unreachable('The virtual bridge does not answer: is its process running?');
    throw e;
  }
}

function lockPath(lock: LockAddress): { bridge: BridgeAddress; path: string } {
  if (!lock.bridge || lock.remoteId === null)
    throw unreachable('The lock is not paired with a bridge: the simulator reaches a lock through its bridge.');
  return { bridge: lock.bridge, path: `/locks/${lock.remoteId}` };
}

/** The lock's refusals as the contract's words: offline 428, busy 409, anything else it refuses 409 with its reason. */
function refused(r: BridgeResponse): DeviceFailure {
  if (r.status === 405) return unreachable('The lock is disconnected: it lost its link to its bridge.');
  if (r.status === 406 && (r.json as { 'error-code'?: unknown } | null)?.['error-code'] === BLE_BUSY)
    return busy('The lock is busy with a remote command right now.');
  if (r.status === 406) return new DeviceFailure('conflict', describe(r));
  if (r.status === 404) return unreachable('The bridge no longer has this lock paired.');
  return new DeviceFailure('invalid', describe(r));
}

async function act(lock: LockAddress, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { bridge, path } = lockPath(lock);
  if (bridge.isConnected === false && body.action !== 'keypad' && body.action !== 'fault')
    throw unreachable('The lock is disconnected: its bridge is offline.');
  const r = await call(bridge, 'POST', path, body);
  if (r.status !== 200) throw refused(r);
  return r.json as Record<string, unknown>;
}

export const virtualBridgeControl: LockControl = {
  async bridgeOnline(bridge, online) {
    const r = await call(bridge, 'POST', '/bridge', { online });
    if (r.status !== 200) throw refused(r);
  },
  battery: async (lock, level, charging) => void (await act(lock, { action: 'battery', level, charging })),
  sensorBattery: async (lock, level) => void (await act(lock, { action: 'sensorBattery', level })),
  door: async (lock, open) => void (await act(lock, { action: 'door', open })),
  press: async (lock, how, operation) => void (await act(lock, { action: 'press', how, operation })),
  bell: async (lock) => void (await act(lock, { action: 'bell' })),
  setFault: async (lock, fault) => void (await act(lock, { action: 'fault', fault })),
  async pendingFault(lock) {
    const { bridge } = lockPath(lock);
    const r = await call(bridge, 'GET', '/state');
    const locks = (r.json as { locks?: Array<{ id: number; fault: Fault | null }> } | null)?.locks ?? [];
    return locks.find((l) => l.id === lock.remoteId)?.fault ?? null;
  },
  async keypad(lock, pin) {
    const v = await act(lock, { action: 'keypad', pin });
    return v as unknown as KeypadVerdict;
  },
};
