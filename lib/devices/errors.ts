/**
 * How an adapter says a device refused or failed, without knowing the domain: the gateway factory
 * (lib/devices/index.ts) turns each into the domain's typed error of the same code, which lib/http
 * maps to the contract's status. Messages are shown to people: say what happened and what to do.
 */
export type DeviceFailureCode =
  | 'device_unreachable' // 428
  | 'device_busy' // 409
  | 'gate_disconnected' // 423
  | 'device_timeout' // 408
  | 'precondition_failed' // 412
  | 'conflict' // 409
  | 'not_found' // 404
  | 'invalid'; // 400

export class DeviceFailure extends Error {
  constructor(
    readonly code: DeviceFailureCode,
    message: string,
  ) {
    super(message);
    this.name = 'DeviceFailure';
  }
}

export const isDeviceFailure = (e: unknown): e is DeviceFailure => e instanceof DeviceFailure;

export const unreachable = (message: string) => new DeviceFailure('device_unreachable', message);
export const busy = (message = 'Another request is being processed for this device. Try again in a moment.') =>
  new DeviceFailure('device_busy', message);
export const noAnswer = (message: string) => new DeviceFailure('device_timeout', message);
export const gateDisconnected = () =>
  new DeviceFailure('gate_disconnected', 'The gate is disconnected in the external gate system.');
