import type { DeviceGateway } from '../gateway';
import { openGate, readExternalGate } from './gates';
import { getOperation, settleDue, startOperation } from './operations';
import { writePin } from './pins';

/** The default gateway: simulated bridges, locks, door sensors and external gate system. */
export const simulatorGateway: DeviceGateway = {
  startOperation,
  getOperation,
  openGate,
  writePin,
  settleDue,
  readExternalGate: (externalId) => readExternalGate(externalId),
};
