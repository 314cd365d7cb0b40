import type { DeviceGateway, DeviceReports, SimulatorControl } from '../gateway';
import { addExternalGate, listExternalGates, removeExternalGate, updateExternalGate } from './control';
import { pendingFault, setFault } from './faults';
import { listAccountGates, openGate, readExternalGate } from './gates';

/**
 * The simulated external gate system (docs/devices.md, "Gates"): gates are opened through a
 * system of their own, not a Tedee bridge, and no published protocol of it exists here, so it is
 * simulated in tables of its own (db/schema/simulator.ts) that only this folder writes. Its speed
 * (`commandMs`, how long an impulse takes) is given by whoever creates it.
 */
export function createExternalGates(
  reports: DeviceReports,
  commandMs: () => number,
): {
  gateway: Pick<DeviceGateway, 'openGate' | 'readExternalGate' | 'listExternalGates'>;
  control: Pick<SimulatorControl, 'setGateFault' | 'pendingGateFault' | 'externalGates'>;
} {
  return {
    gateway: {
      openGate: (db, input) => openGate(reports, db, input, commandMs),
      readExternalGate,
      listExternalGates: listAccountGates,
    },
    control: {
      setGateFault: setFault,
      pendingGateFault: pendingFault,
      externalGates: {
        add: addExternalGate,
        update: updateExternalGate,
        remove: removeExternalGate,
        list: listExternalGates,
      },
    },
  };
}
