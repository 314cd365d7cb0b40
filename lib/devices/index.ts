import { deviceReports } from '@/lib/domain/devices/reports';
import type { DeviceGateway, SimulatorControl } from './gateway';
import { createSimulator, simControlEnabled } from './simulator';

export type * from './gateway';

/**
 * The one place that picks the hardware behind the service and connects it to the service's
 * report handler. There is no hardware here: the simulator is the implementation. A real adapter
 * would be created here instead, with the same `deviceReports` (docs/devices.md).
 */
const simulator = createSimulator(deviceReports);

export function getGateway(): DeviceGateway {
  return simulator.gateway;
}

/**
 * The simulator's control plane (/api/sim): what happens at the doors and in the external gate
 * system, played. null unless SIM_CONTROL=1, so it does not exist anywhere else.
 */
export function getSimulatorControl(): SimulatorControl | null {
  return simControlEnabled() ? simulator.control : null;
}
