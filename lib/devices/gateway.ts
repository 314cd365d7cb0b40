import type { Db } from '@/db/client';
import type { LockSettings, OperationTypeValue } from './codes';

/**
 * The seam between the service and hardware (docs/devices.md, "Writing a real adapter").
 *
 * - `DeviceGateway`: what the service asks of devices (commands, settings, PINs, gate openings,
 *   reads of the external gate system). `getGateway()` in lib/devices/index.ts picks the
 *   implementation; the default is the simulator (lib/devices/simulator).
 * - `DeviceReports`: how devices tell the service what happened. One domain module implements it
 *   (lib/domain/devices/reports): the service's copy of the device, the activity entry and the
 *   webhook event, in one transaction. An adapter never writes those itself.
 *
 * Every call takes the database (or the caller's transaction) it runs in; an adapter may use it
 * for its own bookkeeping (the simulator keeps its hardware there) and passes it on to reports.
 *
 * Errors: implementations throw the typed errors of lib/domain/errors: DeviceUnreachable (428: no
 * connected bridge, gate disconnected), PreconditionFailed (412: gate not in the external system),
 * DeviceBusy (409: another command is running on this device, across all server processes),
 * DeviceTimeout (408: the device did not confirm in time). Callers check authorization first; the
 * gateway only talks to devices.
 */
export type OperationType = OperationTypeValue;

export interface StartOperationInput {
  deviceId: number;
  type: OperationType;
  mode?: number;
  /** author of the activity entries (null for access-link guests) */
  userId: string | null;
  accessLinkId?: string | null;
}

export interface OperationView {
  operationId: string;
  deviceId: number;
  type: OperationType;
  status: 'PENDING' | 'COMPLETED';
  /** null while pending; 0 success; >0 failure (1 jammed, 2 timed out, 3 failed otherwise) */
  result: number | null;
}

export interface PinOnDevice {
  id: number;
  value: string;
}

export type PinChange = { kind: 'add'; pin: PinOnDevice } | { kind: 'update'; pin: PinOnDevice } | { kind: 'remove'; pinId: number };

export interface ExternalGate {
  externalId: string;
  name: string;
  type: string;
  impulseLength: number;
  firmware: string;
  isConnected: boolean;
}

export interface DeviceGateway {
  /** Accept a lock/unlock/pull command; resolves once the device took it (reported `commandAccepted`), before it finishes. */
  startOperation(db: Db, input: StartOperationInput): Promise<{ operationId: string; lastStateChangedDate: Date }>;
  /** Operation status; an operation whose time has come is settled first (so none stays pending forever). */
  getOperation(db: Db, operationId: string): Promise<OperationView | null>;
  /** Brings these devices up to date: their commands that are due report their outcome. */
  settleDue(db: Db, deviceIds: number[]): Promise<void>;
  /** Open a gate (an impulse) through the external gate system; resolves once it confirmed (reported `gateOpened`). */
  openGate(db: Db, input: { deviceId: number; userId: string | null; accessLinkId?: string | null }): Promise<{ operationId: string }>;
  /** Write one PIN change to a lock and wait for the lock to confirm it. */
  writePin(db: Db, deviceId: number, change: PinChange): Promise<void>;
  /**
   * Send a lock its settings of `revision` and wait until it confirms them: the lock reports
   * `settingsApplied` before this resolves. Call it outside a transaction.
   */
  pushSettings(db: Db, input: { deviceId: number; revision: number; settings: LockSettings }): Promise<void>;
  /** A door sensor leaves its lock: the lock reports that it has no sensor any more (doorState 0). */
  unpairDoorSensor(db: Db, input: { sensorId: number; lockId: number }): Promise<void>;
  /** One gate of the external gate system (read-only: the service never writes to it). */
  readExternalGate(db: Db, externalId: string): Promise<ExternalGate | null>;
  /** Every gate of one account in the external gate system (a service user's id). */
  listExternalGates(db: Db, account: string): Promise<ExternalGate[]>;
  /** Time passes: whatever the hardware does by itself that is due now (spring return, auto lock, unanswered commands). */
  sweep(db: Db, now: Date): Promise<void>;
}

// ---- reports ------------------------------------------------------------------------------------

/** The device a report is about, as the adapter knows it. */
export interface DeviceRef {
  id: number;
  type: number;
}

/** What moved a lock by itself: someone at the door, its automatics, or its spring returning. */
export type StateCause = 'button' | 'knob' | 'auto' | 'spring';

export interface DeviceReports {
  /** The device took a command and is working on it (`state` is the transitional one). */
  commandAccepted(
    db: Db,
    r: { operationId: string; device: DeviceRef; type: OperationType; mode: number | null; userId: string | null; accessLinkId: string | null; fromState: number | null; state: number; expectedEnd: Date; at: Date },
  ): Promise<void>;
  /**
   * A command finished (or never got an answer: result 2); false when it had been settled already.
   * Throws RetryableConflict (lib/domain/errors) when it lost a race to another writer: the
   * adapter's transaction is void, run the settle again.
   */
  commandFinished(db: Db, r: { operationId: string; device: DeviceRef; result: number; state: number; doorState: number | null; at: Date }): Promise<boolean>;
  /** The lock moved by itself (`from`: only if the service's copy still shows that state); false when it did not apply. */
  stateChanged(db: Db, r: { device: DeviceRef; from?: number; state: number; doorState: number | null; cause: StateCause; at: Date }): Promise<boolean>;
  /** The door sensor's news, told by its lock: opened, closed, or no sensor any more. */
  doorChanged(db: Db, r: { device: DeviceRef; doorState: number; at: Date }): Promise<void>;
  /** The door has stayed open longer than the lock's alert threshold. */
  doorOpenTooLong(db: Db, r: { device: DeviceRef; at: Date }): Promise<void>;
  /** Battery level (and, for locks, charging) of a lock or door sensor. */
  batteryChanged(db: Db, r: { device: DeviceRef; level: number; charging: boolean | null; at: Date }): Promise<void>;
  /** A bridge went on- or offline (its locks with it). */
  connectionChanged(db: Db, r: { bridge: DeviceRef; connected: boolean; at: Date }): Promise<void>;
  bellPressed(db: Db, r: { device: DeviceRef; at: Date }): Promise<void>;
  /** Someone used the lock's keypad: a PIN opened it (its id and alias), or was wrong, or was used outside its time. */
  keypadUsed(db: Db, r: { device: DeviceRef; outcome: 'unlocked' | 'wrongPin' | 'outsideTime'; pinId?: number; alias?: string; lockedOut?: boolean; doorState: number | null; at: Date }): Promise<void>;
  /** The lock applied its settings of this revision. */
  settingsApplied(db: Db, r: { device: DeviceRef; revision: number; at: Date }): Promise<void>;
  /** The external gate system confirmed an opening. */
  gateOpened(db: Db, r: { operationId: string; device: DeviceRef; userId: string | null; accessLinkId: string | null; requestedAt: Date; at: Date }): Promise<void>;
}

// ---- the simulator's control plane --------------------------------------------------------------

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

/**
 * What /api/sim does to the simulated world: the happenings at a door and in the external gate
 * system. Each makes the simulated hardware act and report through `DeviceReports`, like a real
 * device would. Available only where the control plane is on (`getSimulatorControl()`).
 */
export interface SimulatorControl {
  connectBridge(db: Db, bridgeId: number, connected: boolean, now: Date): Promise<void>;
  battery(db: Db, deviceId: number, level: number, charging: boolean | undefined, now: Date): Promise<void>;
  door(db: Db, deviceId: number, open: boolean, now: Date): Promise<void>;
  press(db: Db, deviceId: number, how: 'button' | 'knob', operation: 'lock' | 'unlock', now: Date): Promise<void>;
  bell(db: Db, deviceId: number, now: Date): Promise<void>;
  setFault(db: Db, deviceId: number, fault: Fault | null): Promise<void>;
  pendingFault(db: Db, deviceId: number): Promise<Fault | null>;
  /** The keypad's verdict on an entry (judged by the service's keypad rule): the lock acts on it and reports. */
  keypad(db: Db, deviceId: number, verdict: { outcome: 'unlocked' | 'wrongPin' | 'outsideTime'; pinId?: number; alias?: string; lockedOut?: boolean }, now: Date): Promise<void>;
  externalGates: {
    add(db: Db, account: string, g: ExternalGateChange & { name: string }): Promise<ExternalGateRow>;
    update(db: Db, g: ExternalGateChange): Promise<ExternalGateRow>;
    remove(db: Db, externalId: string): Promise<void>;
    list(db: Db): Promise<ExternalGateRow[]>;
  };
}
