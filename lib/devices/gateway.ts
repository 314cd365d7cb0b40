import type { Db } from '@/db/client';

/**
 * Everything the service asks of hardware. The default implementation is the simulator
 * (lib/devices/simulator); `getGateway()` in lib/devices/index.ts picks the implementation.
 *
 * Errors: implementations throw the typed errors of lib/domain/errors:
 *  DeviceUnreachable (428: no connected bridge / gate disconnected), DeviceBusy (409: another
 *  command is running on this device, across all server processes), DeviceTimeout (408).
 * Callers check authorization first; the gateway only talks to devices.
 */
export type OperationType = 0 | 1 | 2; // lock, unlock, pull

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
  /** 'PENDING' | 'COMPLETED' */
  status: 'PENDING' | 'COMPLETED';
  /** null while pending; 0 success; >0 failure (1 jammed, 2 timed out, 3 failed otherwise) */
  result: number | null;
}

export interface PinOnDevice {
  id: number;
  value: string;
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

export interface DeviceGateway {
  /** Accept a lock/unlock/pull command; resolves once the device took it, before it finishes. */
  startOperation(db: Db, input: StartOperationInput): Promise<{ operationId: string; lastStateChangedDate: Date }>;
  /** Operation status; settles an operation whose time has come (so no operation stays pending forever). */
  getOperation(db: Db, operationId: string): Promise<OperationView | null>;
  /** Open a gate (impulse), through the external gate system. */
  openGate(db: Db, input: { deviceId: number; userId: string | null; accessLinkId?: string | null }): Promise<{ operationId: string }>;
  /** Write one PIN change to a lock and wait for the lock to confirm it. */
  writePin(db: Db, deviceId: number, change: PinChange): Promise<void>;
  /** Brings the stored state of these devices up to date: finishes their operations that are due. */
  settleDue(db: Db, deviceIds: number[]): Promise<void>;
  /** Read the external gate system (read-only: the service never writes to it). */
  readExternalGate(externalId: string): Promise<ExternalGate | null>;
}
