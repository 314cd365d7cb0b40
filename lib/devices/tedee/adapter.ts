import { randomUUID } from 'node:crypto';
import { DoorState, LockState, OperationType, OpResult, type LockSettings } from '@/lib/shared/devices/codes';
import { busy, DeviceFailure, noAnswer, unreachable } from '../errors';
import type { BridgeAddress, DeviceGateway, DeviceReports, LockAddress, PinChange } from '../gateway';
import { BridgeNetworkFailure, bridgeRequest, describe, type BridgeHttpConfig, type BridgeResponse } from './client';
import { applyEvent, applySnapshot, parseEvent } from './events';
import {
  API_PREFIX,
  BLE_BUSY,
  CALLBACK_SECRET_HEADER,
  EXT_PREFIX,
  OPERATION_HEADER,
  type Capability,
} from './protocol';
import { readBridge, readLock, snapshotOf } from './read';

/**
 * The gateway over the Tedee Bridge API (docs/devices.md): every lock is reached with HTTP to its
 * bridge, by the address the domain passes in; what happens at the door comes back as the
 * bridge's events (events.ts). It keeps nothing: busy is the lock's answer, state the bridge's.
 */

export interface TedeeConfig extends BridgeHttpConfig {
  /** how long the service waits for a command's outcome before it counts as not confirmed (result 2) */
  commandTimeoutMs: number;
}

const VERB: Record<number, string> = {
  [OperationType.lock]: 'lock',
  [OperationType.unlock]: 'unlock',
  [OperationType.pull]: 'pull',
};
const TRANSITIONAL: Record<number, number> = {
  [OperationType.lock]: LockState.locking,
  [OperationType.unlock]: LockState.unlocking,
  [OperationType.pull]: LockState.pulling,
};

const ref = (d: { id: number; type: number }) => ({ id: d.id, type: d.type });

/** The bridge a lock is reached through, or why it cannot be (428 before anything is sent). */
function route(lock: LockAddress): { bridge: BridgeAddress; remoteId: number } {
  if (!lock.bridge || lock.remoteId === null)
    throw unreachable('The lock is not paired with a bridge, so it cannot be reached remotely.');
  if (lock.bridge.isConnected === false) throw unreachable('The lock is disconnected: its bridge is offline.');
  if (lock.isConnected === false)
    throw unreachable(
      'The lock is disconnected: it lost its link to its bridge. Check that it is within the bridge’s range.',
    );
  return { bridge: lock.bridge, remoteId: lock.remoteId };
}

function requireCapability(lock: LockAddress, capability: Capability, doing: string) {
  const { bridge } = route(lock);
  if (!bridge.capabilities.includes(capability))
    throw new DeviceFailure(
      'precondition_failed',
      `This lock's bridge cannot ${doing}: the Tedee Bridge API has no way to do it. Use the Tedee app for it.`,
    );
}

const isBusy = (r: BridgeResponse) =>
  r.status === 406 && (r.json as { 'error-code'?: unknown } | null)?.['error-code'] === BLE_BUSY;

export function createTedeeGateway(reports: DeviceReports, config: () => TedeeConfig) {
  /** The bridge dropped off the network (or does not answer): the service shows it offline until it is back. */
  const bridgeLost = (db: Parameters<DeviceReports['connectionChanged']>[0], bridge: BridgeAddress) =>
    reports.connectionChanged(db, { bridge: ref(bridge), connected: false, at: new Date() }).catch(() => undefined);

  /**
   * The refusals of a lock, as the contract's statuses: busy 409, disconnected from its bridge 428
   * (and reported so), not on the bridge or a token it refuses 428, silent 408 (our extension's 504).
   */
  async function refusal(
    db: Parameters<DeviceReports['connectionChanged']>[0],
    lock: LockAddress,
    r: BridgeResponse,
    doing: string,
  ) {
    const { bridge } = route(lock);
    if (isBusy(r)) return busy();
    if (r.status === 405) {
      await reports.lockConnectionChanged(db, {
        device: ref(lock),
        bridge: ref(bridge),
        connected: false,
        at: new Date(),
      });
      return unreachable(
        'The lock is disconnected: it lost its link to its bridge. Check that it is within the bridge’s range.',
      );
    }
    if (r.status === 404)
      return unreachable('The bridge no longer has this lock paired: pair it again in the Tedee app.');
    if (r.status === 401)
      return unreachable(
        'The bridge refused the service’s API token: enter the token the Tedee app shows (Bridge settings > Local API) again.',
      );
    if (r.status === 504) return noAnswer(`The lock did not confirm ${doing} in time. Try again.`);
    if (r.status === 406) return new DeviceFailure('conflict', `The lock refused ${doing}: ${describe(r)}.`);
    return unreachable(`The bridge could not ${doing} (${describe(r)}).`);
  }

  /** A write the lock confirms before the bridge answers (settings, a PIN), mapped to the contract's statuses. */
  async function confirmed(
    db: Parameters<DeviceReports['connectionChanged']>[0],
    lock: LockAddress,
    method: 'PUT' | 'DELETE',
    path: string,
    body: unknown,
    doing: string,
  ): Promise<void> {
    const { bridge, remoteId } = route(lock);
    let r: BridgeResponse;
    try {
      r = await bridgeRequest(bridge, method, `${EXT_PREFIX}/lock/${remoteId}${path}`, {
        body,
        timeoutMs: config().confirmTimeoutMs,
      });
    } catch (e) {
      if (e instanceof BridgeNetworkFailure && e.network === 'refused') {
        await bridgeLost(db, bridge);
        throw unreachable(`The lock's bridge cannot be reached, so ${doing} did not reach the lock.`);
      }
      if (e instanceof BridgeNetworkFailure)
        throw noAnswer(`The lock's bridge did not answer in time, so ${doing} is not confirmed.`);
      throw e;
    }
    if (r.status === 204 || r.status === 200) return;
    throw await refusal(db, lock, r, doing);
  }

  const gateway: Omit<DeviceGateway, 'openGate' | 'readExternalGate' | 'listExternalGates'> = {
    async startOperation(db, input) {
      const { lock } = input;
      const { bridge, remoteId } = route(lock);
      const operationId = randomUUID();
      const at = new Date();
      const device = ref(lock);
      await reports.commandAccepted(db, {
        operationId,
        device,
        type: input.type,
        mode: input.mode ?? null,
        userId: input.userId,
        accessLinkId: input.accessLinkId ?? null,
        byTimetable: input.byTimetable ?? false,
        fromState: lock.state,
        state: TRANSITIONAL[input.type],
        expectedEnd: new Date(at.getTime() + config().commandTimeoutMs),
        at,
      });
      const failed = (result: number) =>
        reports.commandFinished(db, {
          operationId,
          device,
          result,
          state: lock.state ?? LockState.unknown,
          doorState: lock.doorState,
          at: new Date(),
        });
      let r: BridgeResponse;
      try {
        const mode: Record<string, string> =
          input.type === OperationType.unlock && input.mode !== undefined ? { mode: String(input.mode) } : {};
        r = await bridgeRequest(bridge, 'POST', `${API_PREFIX}/lock/${remoteId}/${VERB[input.type]}`, {
          headers: { ...mode, [OPERATION_HEADER]: operationId },
          timeoutMs: config().timeoutMs,
        });
      } catch (e) {
        if (!(e instanceof BridgeNetworkFailure)) throw e;
        // nobody took the command (or confirmed taking it): the log says so, the bridge shows offline
        await failed(e.network === 'timeout' ? OpResult.timedOut : OpResult.failed);
        await bridgeLost(db, bridge);
        throw e.network === 'timeout'
          ? noAnswer('The lock’s bridge did not answer in time: the command is not confirmed.')
          : unreachable('The lock is disconnected: its bridge cannot be reached.');
      }
      if (r.status === 204 || r.status === 200) return { operationId, lastStateChangedDate: at };
      if (isBusy(r)) {
        await reports.commandRefused(db, { operationId, device });
        throw busy();
      }
      await failed(OpResult.failed);
      throw await refusal(db, lock, r, `${VERB[input.type]} the lock`);
    },

    async readLock(lock) {
      const { bridge, remoteId } = route(lock);
      return readLock(bridge, remoteId, config().timeoutMs);
    },

    readBridge: (bridge) => readBridge(bridge, config().timeoutMs),

    applySnapshot: (db, scope, snapshot, fresh) => applySnapshot(reports, db, scope, snapshot, fresh),

    async pushSettings(db, { lock, revision, settings }) {
      requireCapability(lock, 'settings', 'change its settings');
      await confirmed(
        db,
        lock,
        'PUT',
        '/settings',
        { revision, settings: settings as LockSettings, timeZone: lock.timeZone },
        'the new settings',
      );
      await reports.settingsApplied(db, { device: ref(lock), revision, at: new Date() });
    },

    async writePin(db, lock, change: PinChange) {
      requireCapability(lock, 'pins', 'keep PIN codes');
      if (change.kind === 'remove') {
        await confirmed(db, lock, 'DELETE', `/pin/${change.pinId}`, undefined, 'the PIN change');
        return;
      }
      const p = change.pin;
      const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
      await confirmed(
        db,
        lock,
        'PUT',
        `/pin/${p.id}`,
        {
          value: p.value,
          startDate: iso(p.startDate),
          endDate: iso(p.endDate),
          dayStartTime: iso(p.dayStartTime),
          dayEndTime: iso(p.dayEndTime),
          weekDays: p.weekDays ?? null,
          timeZone: lock.timeZone,
        },
        'the PIN change',
      );
    },

    async unpairDoorSensor(db, { lock }) {
      // the service forgets the sensor whatever the bridge says; a lock it can tell does the same
      if (
        lock.bridge &&
        lock.remoteId !== null &&
        lock.bridge.capabilities.includes('doorSensor') &&
        lock.bridge.isConnected !== false
      ) {
        await bridgeRequest(lock.bridge, 'DELETE', `${EXT_PREFIX}/lock/${lock.remoteId}/doorsensor`, {
          timeoutMs: config().timeoutMs,
        }).catch(() => undefined);
      }
      if (lock.state !== null)
        await reports.doorChanged(db, { device: ref(lock), doorState: DoorState.noSensor, at: new Date() });
    },

    async listCallbacks(bridge) {
      const r = await bridgeRequest(bridge, 'GET', `${API_PREFIX}/callback`, { timeoutMs: config().timeoutMs });
      if (r.status !== 200 || !Array.isArray(r.json))
        throw unreachable(`The bridge did not list its callbacks (${describe(r)}).`);
      return (r.json as Array<{ id?: unknown; url?: unknown }>)
        .filter((c) => typeof c.id === 'number' && typeof c.url === 'string')
        .map((c) => ({ id: c.id as number, url: c.url as string }));
    },

    async registerCallback(bridge, { url, secret }) {
      const r = await bridgeRequest(bridge, 'POST', `${API_PREFIX}/callback`, {
        body: { url, method: 'POST', headers: [{ [CALLBACK_SECRET_HEADER]: secret }] },
        timeoutMs: config().timeoutMs,
      });
      const id = (r.json as { id?: unknown } | null)?.id;
      if (r.status === 200 && typeof id === 'number') return id;
      if (r.status === 409) throw busy('The bridge is busy storing its settings. Try again in a moment.');
      throw unreachable(`The bridge did not take the service's callback (${describe(r)}).`);
    },

    async removeCallback(bridge, callbackId) {
      const r = await bridgeRequest(bridge, 'DELETE', `${API_PREFIX}/callback/${callbackId}`, {
        timeoutMs: config().timeoutMs,
      });
      if (r.status === 204 || r.status === 200 || r.status === 404) return;
      throw unreachable(`The bridge did not remove the service's callback (${describe(r)}).`);
    },

    parseEvent,
    applyEvent: (db, scope, event) => applyEvent(reports, db, scope, event),
  };
  return gateway;
}

export { snapshotOf };
