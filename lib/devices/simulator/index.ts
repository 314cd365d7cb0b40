import type { DeviceGateway, DeviceReports, SimulatorControl } from '../gateway';
import { simControlEnabled } from './config';
import { bell, battery, connectBridge, keypad, press } from './control';
import { setDoor, unpairDoorSensor } from './door';
import { addExternalGate, listExternalGates, removeExternalGate, updateExternalGate } from './external';
import { pendingFault, setFault } from './faults';
import { listAccountGates, openGate, readExternalGate } from './gates';
import { getOperation, settleDue, startOperation } from './operations';
import { writePin } from './pins';
import { connectReports } from './port';
import { pushSettings } from './settings';
import { reap } from './sweep';

/**
 * The simulated bridges, locks, door sensors and external gate system: the default gateway, and
 * the control plane that plays what happens at the doors. It reports through `reports` (the
 * service's handler) and imports nothing of the domain but its errors (lint enforces it).
 */
export function createSimulator(reportTo: DeviceReports): { gateway: DeviceGateway; control: SimulatorControl } {
  connectReports(reportTo);
  const gateway: DeviceGateway = {
    startOperation,
    getOperation,
    settleDue,
    openGate,
    writePin,
    pushSettings,
    unpairDoorSensor,
    readExternalGate,
    listExternalGates: listAccountGates,
    sweep: async (db, now) => void (await reap(db, now)),
  };
  const control: SimulatorControl = {
    connectBridge,
    battery,
    door: setDoor,
    press,
    bell,
    setFault,
    pendingFault,
    keypad,
    externalGates: { add: addExternalGate, update: updateExternalGate, remove: removeExternalGate, list: listExternalGates },
  };
  return { gateway, control };
}

export { simControlEnabled };
