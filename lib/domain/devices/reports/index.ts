import type { DeviceReports } from '@/lib/devices/gateway';
import { commandAccepted, commandFinished, commandRefused, gateOpened } from './commands';
import { doorChanged, doorOpenTooLong, keypadUsed, settingsApplied, stateChanged } from './lock';
import { batteryChanged, bellPressed, chargingChanged, connectionChanged, lockConnectionChanged } from './power';
import { lockStatus } from './status';

/**
 * The one handler of what devices report (lib/devices/gateway.ts, DeviceReports): for each report
 * the service's copy of the device, the activity entry and the webhook event, in one transaction
 * (one statement where a report is on the path of every unlock). Adapters get this object from
 * the gateway factory and never write those tables themselves.
 */
export const deviceReports: DeviceReports = {
  commandAccepted,
  commandRefused,
  commandFinished,
  lockStatus,
  stateChanged,
  doorChanged,
  doorOpenTooLong,
  batteryChanged,
  chargingChanged,
  connectionChanged,
  lockConnectionChanged,
  bellPressed,
  keypadUsed,
  settingsApplied,
  gateOpened,
};

export { gateRefreshed, settingsChanged } from './service';
export { lockStatus } from './shared';
