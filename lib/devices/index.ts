import type { DeviceGateway } from './gateway';
import { simulatorGateway } from './simulator';

export type * from './gateway';

/** The device gateway. There is no hardware here: the simulator is the implementation. */
export function getGateway(): DeviceGateway {
  return simulatorGateway;
}
