import type { Db } from '@/db/client';
import { LockState } from '@/lib/shared/devices/codes';
import { DeviceFailure } from '../errors';
import type { BridgeEvent, BridgeScope, BridgeSnapshot, DeviceReports, StateCause } from '../gateway';
import { EXT_FIELD, type LockTrigger } from './protocol';

/**
 * The bridge's callback events (bridge-api/webhooks/events.md, and ours: x-keypad-used,
 * x-bell-pressed, x-door-open-too-long, x-sensor-battery-changed) turned into DeviceReports. Each
 * event is one kind of news about one device; the domain applies it only when it is newer than the
 * last of its kind (lib/domain/devices/bridge-events.ts), so a duplicate or a late one changes nothing.
 */

/** The kind of news of each event: ordering is per device and kind (a battery event does not outdate a status). */
const KINDS: Record<string, string> = {
  'backend-connection-changed': 'backend',
  'device-connection-changed': 'link',
  'device-settings-changed': 'settings',
  'lock-status-changed': 'status',
  'device-battery-level-changed': 'battery',
  'device-battery-start-charging': 'charging',
  'device-battery-stop-charging': 'charging',
  'device-battery-fully-charged': 'charging',
  'x-keypad-used': 'keypad',
  'x-bell-pressed': 'bell',
  'x-door-open-too-long': 'door-alert',
  'x-sensor-battery-changed': 'sensor-battery',
};

const invalid = (why: string) => new DeviceFailure('invalid', `Not a bridge event: ${why}.`);

/** Reads a POST callback body `{event, timestamp, data}`; null for an event the service has no use for. */
export function parseEvent(body: unknown): BridgeEvent | null {
  const b = body as { event?: unknown; timestamp?: unknown; data?: unknown } | null;
  if (!b || typeof b !== 'object') throw invalid('the body is not a JSON object');
  if (typeof b.event !== 'string') throw invalid('"event" is missing');
  if (typeof b.timestamp !== 'string' || Number.isNaN(Date.parse(b.timestamp)))
    throw invalid('"timestamp" is not a date');
  if (!b.data || typeof b.data !== 'object' || Array.isArray(b.data)) throw invalid('"data" is not an object');
  const kind = KINDS[b.event];
  if (!kind) return null;
  const data = b.data as Record<string, unknown>;
  let subject = 0;
  if (b.event !== 'backend-connection-changed') {
    if (typeof data.deviceId !== 'number' || !Number.isInteger(data.deviceId) || data.deviceId <= 0)
      throw invalid('"data.deviceId" is not a device id');
    subject = data.deviceId;
  }
  return { name: b.event, subject, kind, at: new Date(b.timestamp), data };
}

const CAUSE: Record<LockTrigger, StateCause | 'remote' | 'keypad' | 'door'> = {
  remote: 'remote',
  button: 'button',
  knob: 'knob',
  auto: 'auto',
  spring: 'spring',
  keypad: 'keypad',
  door: 'door',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ext = (data: Record<string, unknown>) => (data[EXT_FIELD] ?? {}) as Record<string, unknown>;
const flag = (v: unknown) => v === 1 || v === true;
const level = (v: unknown) => (typeof v === 'number' && v >= 0 && v <= 100 ? v : null);

export async function applyEvent(reports: DeviceReports, db: Db, scope: BridgeScope, ev: BridgeEvent): Promise<void> {
  const at = ev.at;
  const d = ev.data;
  if (ev.name === 'backend-connection-changed') {
    await reports.connectionChanged(db, { bridge: scope.bridge, connected: flag(d.isConnected), at });
    return;
  }
  const lock = scope.lock(ev.subject);
  if (!lock) return; // a lock of the bridge that the service was not asked to add
  switch (ev.name) {
    case 'device-connection-changed':
      await reports.lockConnectionChanged(db, {
        device: lock,
        bridge: scope.bridge,
        connected: flag(d.isConnected),
        at,
      });
      return;
    case 'device-settings-changed': {
      // ours carries the revision the lock now works with; a change made in the Tedee app has none we know
      const revision = ext(d).revision;
      if (typeof revision === 'number') await reports.settingsApplied(db, { device: lock, revision, at });
      return;
    }
    case 'lock-status-changed': {
      if (typeof d.state !== 'number') throw invalid('"data.state" is missing');
      const trigger = ext(d).trigger as LockTrigger | undefined;
      const operationId = ext(d).operationId;
      await reports.lockStatus(db, {
        operationId: typeof operationId === 'string' && UUID.test(operationId) ? operationId : undefined,
        device: lock,
        state: d.state,
        jammed: flag(d.jammed),
        doorState: typeof d.doorState === 'number' ? d.doorState : null,
        cause: (trigger && CAUSE[trigger]) ?? 'unknown',
        at,
      });
      return;
    }
    case 'device-battery-level-changed': {
      const l = level(d.batteryLevel);
      if (l !== null) await reports.batteryChanged(db, { device: lock, level: l, charging: undefined, at });
      return;
    }
    case 'device-battery-start-charging':
    case 'device-battery-stop-charging':
      await reports.chargingChanged(db, { device: lock, charging: ev.name === 'device-battery-start-charging', at });
      return;
    case 'device-battery-fully-charged':
      await reports.batteryChanged(db, { device: lock, level: 100, charging: false, at });
      return;
    case 'x-keypad-used': {
      const outcome = d.outcome;
      if (outcome !== 'unlocked' && outcome !== 'wrongPin' && outcome !== 'outsideTime')
        throw invalid('"data.outcome"');
      const pinId = typeof d.pinId === 'number' ? d.pinId : undefined;
      await reports.keypadUsed(db, {
        device: lock,
        outcome,
        pinId,
        alias: pinId === undefined ? undefined : await scope.pinAlias(lock.id, pinId),
        lockedOut: d.lockedOut === true,
        doorState: typeof d.doorState === 'number' ? d.doorState : null,
        at,
      });
      return;
    }
    case 'x-bell-pressed':
      await reports.bellPressed(db, { device: lock, at });
      return;
    case 'x-door-open-too-long':
      await reports.doorOpenTooLong(db, { device: lock, at });
      return;
    case 'x-sensor-battery-changed': {
      const sensor = scope.sensorOf(lock.id);
      const l = level(d.batteryLevel);
      if (sensor && l !== null) await reports.batteryChanged(db, { device: sensor, level: l, charging: null, at });
      return;
    }
  }
}

/**
 * A snapshot of the bridge's locks (GET /lock at the bridge's time `at`), as reports: where each
 * lock is (it finishes an operation whose answer was lost), its door, its battery and its link to
 * the bridge. The reports change nothing where the service's copy already agrees.
 */
export async function applySnapshot(
  reports: DeviceReports,
  db: Db,
  scope: BridgeScope,
  snapshot: Pick<BridgeSnapshot, 'at' | 'locks'>,
  fresh: (subject: number, kind: string) => boolean,
): Promise<Array<{ subject: number; kind: string }>> {
  const read: Array<{ subject: number; kind: string }> = [];
  for (const s of snapshot.locks) {
    const lock = scope.lock(s.remoteId);
    if (!lock) continue;
    const at = snapshot.at;
    // what the service's copy already shows is not reported again (each report is a transaction)
    const copy = scope.copy(lock.id);
    const sameLink = copy !== null && (copy.isConnected ?? true) === s.isConnected;
    const sameStatus =
      copy !== null &&
      !copy.overdue &&
      copy.state === s.state &&
      (s.doorState === null || copy.doorState === s.doorState);
    const sameBattery = copy !== null && copy.batteryLevel === s.batteryLevel && copy.isCharging === s.isCharging;
    if (fresh(s.remoteId, 'link') && !sameLink)
      await reports.lockConnectionChanged(db, { device: lock, bridge: scope.bridge, connected: s.isConnected, at });
    if (
      fresh(s.remoteId, 'status') &&
      !sameStatus &&
      s.state !== LockState.uncalibrated &&
      s.state !== LockState.calibrating
    )
      await reports.lockStatus(db, {
        device: lock,
        state: s.state,
        jammed: s.jammed,
        doorState: s.doorState,
        cause: 'snapshot',
        at,
      });
    if (fresh(s.remoteId, 'battery') && !sameBattery && s.batteryLevel !== null)
      await reports.batteryChanged(db, {
        device: lock,
        level: s.batteryLevel,
        charging: s.isCharging,
        at,
        onlyIfChanged: true,
      });
    read.push(...['link', 'status', 'battery', 'charging'].map((kind) => ({ subject: s.remoteId, kind })));
  }
  return read;
}
