import type { DeviceReports } from '../gateway';

/**
 * Where the simulated hardware reports what happened: the service's report handler, connected
 * once by the gateway factory (lib/devices/index.ts). The simulator writes nothing of the
 * service's own (device copy, activity, webhooks): it reports, like a real device would.
 */
let current: DeviceReports | null = null;

export function connectReports(r: DeviceReports): void {
  current = r;
}

export function reports(): DeviceReports {
  if (!current) throw new Error('The simulator has no report port: create it through getGateway() (lib/devices).');
  return current;
}
