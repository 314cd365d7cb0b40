import type { Db } from '@/db/client';
import type { LockSettings, OperationTypeValue } from '@/lib/shared/devices/codes';
import type { Capability, TokenMode } from './tedee/protocol';

export { CALLBACK_SECRET_HEADER, CAPABILITIES, type Capability, type TokenMode } from './tedee/protocol';

/**
 * The seam between the service and hardware (docs/devices.md, "The seam").
 *
 * - `DeviceGateway`: what the service asks of devices. Every call names the hardware by its
 *   address (a bridge's base URL and token, a lock's id on its bridge), which the domain reads from
 *   its own tables and passes in: an adapter never reads the service's tables, and keeps none.
 * - `DeviceReports`: how devices tell the service what happened. One domain module implements it
 *   (lib/domain/devices/reports): the service's copy of the device, the activity entry and the
 *   webhook event, in one transaction. An adapter never writes those itself.
 *
 * Calls that report take the database (or the caller's transaction) only to pass it on to reports.
 *
 * Errors: adapters throw `DeviceFailure` (lib/devices/errors); the factory (lib/devices/index.ts)
 * turns it into the domain's typed error: 428 unreachable (no bridge, the bridge offline or not
 * answering its token, the lock disconnected from it), 409 busy (the lock's own answer while it
 * works on a command), 423 a gate disconnected in the external gate system (Tedee's status for it),
 * 408 no confirmation, 412 a capability the bridge lacks or a gate unlinked.
 * Callers check authorization first; the gateway only talks to devices.
 */
export type OperationType = OperationTypeValue;

/** The device a report is about, by the service's id. */
export interface DeviceRef {
  id: number;
  type: number;
}

/** How to reach a bridge: what the administrator entered when adding it, and what the service last knew of it. */
export interface BridgeAddress extends DeviceRef {
  baseUrl: string;
  token: string;
  tokenMode: TokenMode;
  /** the service's copy of its connectivity: a bridge known to be offline is not tried (428 at once) */
  isConnected: boolean | null;
  capabilities: readonly Capability[];
}

/** A lock as the adapter needs it: its id on its bridge, the bridge, and the service's copy of its state. */
export interface LockAddress extends DeviceRef {
  remoteId: number | null;
  bridge: BridgeAddress | null;
  /** its own link to the bridge as last reported (false: lost) */
  isConnected: boolean | null;
  /** the state and door the service last knew (where a command starts from) */
  state: number | null;
  doorState: number | null;
  timeZone: string;
}

export interface StartOperationInput {
  lock: LockAddress;
  type: OperationType;
  mode?: number;
  /** author of the activity entries (null for access-link guests) */
  userId: string | null;
  accessLinkId?: string | null;
  /** sent by the lock's timetable (issue 35): the activity entry names it */
  byTimetable?: boolean;
}

export interface OperationView {
  operationId: string;
  deviceId: number;
  type: OperationType;
  status: 'PENDING' | 'COMPLETED';
  /** null while pending; 0 success; >0 failure (1 jammed, 2 timed out, 3 failed otherwise) */
  result: number | null;
}

/** A PIN as it goes to the lock: its id, value and when it may open (the lock's keypad judges entries). */
export interface PinOnDevice {
  id: number;
  value: string;
  startDate?: Date | null;
  endDate?: Date | null;
  dayStartTime?: Date | null;
  dayEndTime?: Date | null;
  weekDays?: number | null;
}

export type PinChange =
  | { kind: 'add'; pin: PinOnDevice }
  | { kind: 'update'; pin: PinOnDevice }
  | { kind: 'remove'; pinId: number };

export interface ExternalGate {
  externalId: string;
  name: string;
  type: string;
  impulseLength: number;
  firmware: string;
  isConnected: boolean;
}

/** A lock as its bridge describes it (GET /lock). */
export interface LockSnapshot {
  remoteId: number;
  name: string;
  type: number;
  serialNumber: string;
  isConnected: boolean;
  state: number;
  jammed: boolean;
  doorState: number | null;
  batteryLevel: number | null;
  isCharging: boolean;
  deviceRevision: number;
  version: string;
}

/** A bridge as it describes itself (GET /bridge) with its locks and callbacks; `at` is its own clock. */
export interface BridgeSnapshot {
  name: string;
  serialNumber: string;
  version: string;
  isConnected: boolean;
  at: Date;
  locks: LockSnapshot[];
  capabilities: Capability[];
}

export interface CallbackOnBridge {
  id: number;
  url: string;
}

/**
 * A callback body, read: the one kind of news it carries about one device (`subject`: the lock's id
 * on the bridge, 0 for the bridge itself) at the bridge's time. The domain keeps the newest `at`
 * per bridge, subject and kind, and applies an event only when it is newer.
 */
export interface BridgeEvent {
  name: string;
  subject: number;
  kind: string;
  at: Date;
  data: Record<string, unknown>;
}

/** A lock as the service last knew it; `overdue`: a command of it is past its time and not finished. */
export interface LockCopy {
  isConnected: boolean | null;
  state: number | null;
  doorState: number | null;
  batteryLevel: number | null;
  isCharging: boolean | null;
  overdue: boolean;
}

/** What the adapter needs to turn an event or a snapshot into reports: the bridge and its devices, by their ids on it. */
export interface BridgeScope {
  bridge: DeviceRef;
  /** the service's lock with this id on the bridge, or null when the service does not have it */
  lock(remoteId: number): DeviceRef | null;
  /**
   * The service's copy of one of its locks (by the service's id), as read with the scope: a
   * re-read reports only what differs from it, so a bridge whose locks are as the service knows
   * them costs one read, not a transaction per lock and kind (issue 34).
   */
  copy(lockId: number): LockCopy | null;
  /** the door sensor paired with that lock, if the service has one */
  sensorOf(lockId: number): DeviceRef | null;
  /** a PIN's alias by its id (the keypad names the PIN that opened the door) */
  pinAlias(lockId: number, pinId: number): Promise<string | undefined>;
}

export interface DeviceGateway {
  /**
   * Sends lock/unlock/pull; resolves once the lock took it (reported `commandAccepted` before it is
   * sent, so the lock's answer always finds the operation), before it finishes: the lock's events
   * finish it (`lockStatus`).
   */
  startOperation(db: Db, input: StartOperationInput): Promise<{ operationId: string; lastStateChangedDate: Date }>;
  /** The lock as its bridge sees it now (the read path and the reconciler repair a lost event with it). */
  readLock(lock: LockAddress): Promise<LockSnapshot & { at: Date }>;
  /** The bridge, its locks and its capabilities (adding a bridge, the reconciler). */
  readBridge(bridge: BridgeAddress): Promise<BridgeSnapshot>;
  /**
   * Reports a snapshot: each lock's state, door, battery and link as the bridge said them at
   * `snapshot.at`, each kind of news only where `fresh(lock's id on the bridge, kind)` (no newer
   * event was seen); returns the kinds it read per lock, for the domain to mark.
   */
  applySnapshot(
    db: Db,
    scope: BridgeScope,
    snapshot: Pick<BridgeSnapshot, 'at' | 'locks'>,
    fresh: (subject: number, kind: string) => boolean,
  ): Promise<Array<{ subject: number; kind: string }>>;
  /** Open a gate (an impulse) through the external gate system; resolves once it confirmed (reported `gateOpened`). */
  openGate(
    db: Db,
    input: { deviceId: number; externalId: string | null; userId: string | null; accessLinkId?: string | null },
  ): Promise<{ operationId: string }>;
  /** Write one PIN change to a lock and wait for the lock to confirm it. */
  writePin(db: Db, lock: LockAddress, change: PinChange): Promise<void>;
  /**
   * Send a lock its settings of `revision` and wait until it confirms them: the lock reports
   * `settingsApplied` before this resolves. Call it outside a transaction.
   */
  pushSettings(db: Db, input: { lock: LockAddress; revision: number; settings: LockSettings }): Promise<void>;
  /** A door sensor leaves its lock: the lock reports that it has no sensor any more (doorState 0). */
  unpairDoorSensor(db: Db, input: { sensorId: number; lock: LockAddress }): Promise<void>;
  /** One gate of the external gate system (read-only: the service never writes to it). */
  readExternalGate(db: Db, externalId: string): Promise<ExternalGate | null>;
  /** Every gate of one account in the external gate system (a service user's id). */
  listExternalGates(db: Db, account: string): Promise<ExternalGate[]>;
  /** The bridge's callbacks (to see whether ours is still there after a restart). */
  listCallbacks(bridge: BridgeAddress): Promise<CallbackOnBridge[]>;
  /** Registers our callback (POST method, the secret in a header); returns its id on the bridge. */
  registerCallback(bridge: BridgeAddress, callback: { url: string; secret: string }): Promise<number>;
  removeCallback(bridge: BridgeAddress, callbackId: number): Promise<void>;
  /** Reads a callback body (throws DeviceFailure 'invalid' when it is none); null for an event the service has no use for. */
  parseEvent(body: unknown): BridgeEvent | null;
  /** Reports what an event says (after the domain found it newer than what it saw). */
  applyEvent(db: Db, scope: BridgeScope, event: BridgeEvent): Promise<void>;
  /**
   * A device's own public key (ECDSA P-256, the uncompressed point in base64), which a phone uses to
   * know it talks to that device (Tedee's `devicePublicKey` of a mobile certificate); null when the
   * hardware does not tell it. Optional: an adapter whose hardware does not tell it leaves it out.
   */
  publicKeyOf?(device: { serialNumber: string }): string | null;
}

// ---- reports ------------------------------------------------------------------------------------

/** What moved a lock: someone at the door, its automatics, its spring returning; 'unknown' when the bridge does not say. */
export type StateCause = 'button' | 'knob' | 'auto' | 'spring' | 'unknown';

export interface DeviceReports {
  /** The service sends a command: the operation is recorded (PENDING) and the lock shows the transitional state. */
  commandAccepted(
    db: Db,
    r: {
      operationId: string;
      device: DeviceRef;
      type: OperationType;
      mode: number | null;
      userId: string | null;
      accessLinkId: string | null;
      /** sent by the lock's timetable */
      byTimetable?: boolean;
      fromState: number | null;
      state: number;
      /** when the service stops waiting for the lock's answer */
      expectedEnd: Date;
      at: Date;
    },
  ): Promise<void>;
  /** The lock refused the command (busy): it never happened, so its operation goes and the state is as before. */
  commandRefused(db: Db, r: { operationId: string; device: DeviceRef }): Promise<void>;
  /**
   * A command finished (or got no answer: result 2); false when it had been settled already.
   * Throws RetryableConflict (lib/domain/errors) when it lost a race to another writer: run it again.
   */
  commandFinished(
    db: Db,
    r: { operationId: string; device: DeviceRef; result: number; state: number; doorState: number | null; at: Date },
  ): Promise<boolean>;
  /**
   * The lock says where it is (an event or a snapshot): it finishes the operation under way (its
   * result judged from where the lock ended), or is the lock moving by itself (`cause`), or news of
   * its door. A transitional state while an operation runs changes nothing.
   */
  lockStatus(
    db: Db,
    r: {
      device: DeviceRef;
      state: number;
      jammed: boolean;
      doorState: number | null;
      /** what moved it, as the bridge said; 'snapshot': a re-read, which says nothing of why */
      cause: StateCause | 'remote' | 'keypad' | 'door' | 'snapshot';
      /** the operation the lock answers, when the bridge says (our extension echoes it) */
      operationId?: string;
      at: Date;
    },
  ): Promise<void>;
  /** The lock moved by itself (`from`: only if the service's copy still shows that state); false when it did not apply. */
  stateChanged(
    db: Db,
    r: { device: DeviceRef; from?: number; state: number; doorState: number | null; cause: StateCause; at: Date },
  ): Promise<boolean>;
  /** The door sensor's news, told by its lock: opened, closed, or no sensor any more. */
  doorChanged(db: Db, r: { device: DeviceRef; doorState: number; at: Date }): Promise<void>;
  /** The door has stayed open longer than the lock's alert threshold. */
  doorOpenTooLong(db: Db, r: { device: DeviceRef; at: Date }): Promise<void>;
  /** Battery level (and, for locks, charging; undefined: unchanged) of a lock or door sensor. */
  batteryChanged(
    db: Db,
    r: { device: DeviceRef; level: number; charging: boolean | null | undefined; at: Date; onlyIfChanged?: boolean },
  ): Promise<void>;
  /** Charging started or stopped (a lock), without a new level. */
  chargingChanged(db: Db, r: { device: DeviceRef; charging: boolean; at: Date }): Promise<void>;
  /** A bridge went on- or offline (its locks with it). */
  connectionChanged(db: Db, r: { bridge: DeviceRef; connected: boolean; at: Date }): Promise<void>;
  /** A lock lost or found its link to its bridge. */
  lockConnectionChanged(
    db: Db,
    r: { device: DeviceRef; bridge: DeviceRef; connected: boolean; at: Date },
  ): Promise<void>;
  bellPressed(db: Db, r: { device: DeviceRef; at: Date }): Promise<void>;
  /** Someone used the lock's keypad: a PIN opened it (its id and alias), or was wrong, or was used outside its time. */
  keypadUsed(
    db: Db,
    r: {
      device: DeviceRef;
      outcome: 'unlocked' | 'wrongPin' | 'outsideTime';
      pinId?: number;
      alias?: string;
      lockedOut?: boolean;
      doorState: number | null;
      at: Date;
    },
  ): Promise<void>;
  /** The lock applied its settings of this revision. */
  settingsApplied(db: Db, r: { device: DeviceRef; revision: number; at: Date }): Promise<void>;
  /** The external gate system confirmed an opening. */
  gateOpened(
    db: Db,
    r: {
      operationId: string;
      device: DeviceRef;
      userId: string | null;
      accessLinkId: string | null;
      requestedAt: Date;
      at: Date;
    },
  ): Promise<void>;
}

// ---- the demo's control plane -------------------------------------------------------------------

export type Fault = 'timeout' | 'slow' | 'jam';

export interface ExternalGateChange {
  externalId: string;
  name?: string;
  type?: string;
  impulseLength?: number;
  firmware?: string;
  isConnected?: boolean;
}

export interface ExternalGateRow extends ExternalGate {
  account: string | null;
  updated: Date;
}

/** What the keypad did with an entry (the lock judged it). */
export interface KeypadVerdict {
  outcome: 'unlocked' | 'wrongPin' | 'outsideTime' | 'ignored';
  unlocked: boolean;
  lockedOutUntil: string | null;
}

/**
 * What /api/sim does to the world of the demo: happenings at a door (through the control surface
 * of its virtual bridge, which acts and sends the events a real bridge would) and in the simulated
 * external gate system. Available only where the control plane is on (`getSimulatorControl()`).
 */
export interface SimulatorControl {
  /** The bridge drops off the network (its API refuses connections) or comes back. */
  bridgeOnline(bridge: BridgeAddress, online: boolean): Promise<void>;
  battery(lock: LockAddress, level: number, charging: boolean | undefined): Promise<void>;
  sensorBattery(lock: LockAddress, level: number): Promise<void>;
  door(lock: LockAddress, open: boolean): Promise<void>;
  press(lock: LockAddress, how: 'button' | 'knob', operation: 'lock' | 'unlock'): Promise<void>;
  bell(lock: LockAddress): Promise<void>;
  setFault(lock: LockAddress, fault: Fault | null): Promise<void>;
  pendingFault(lock: LockAddress): Promise<Fault | null>;
  /** Someone types a PIN at the lock's keypad: the lock judges it, acts and reports. */
  keypad(lock: LockAddress, pin: string): Promise<KeypadVerdict>;
  /** A gate's one-shot fault (the simulated external gate system). */
  setGateFault(db: Db, gateId: number, fault: Fault | null): Promise<void>;
  pendingGateFault(db: Db, gateId: number): Promise<Fault | null>;
  externalGates: {
    add(db: Db, account: string, g: ExternalGateChange & { name: string }): Promise<ExternalGateRow>;
    update(db: Db, g: ExternalGateChange): Promise<ExternalGateRow>;
    remove(db: Db, externalId: string): Promise<void>;
    list(db: Db): Promise<ExternalGateRow[]>;
  };
}
