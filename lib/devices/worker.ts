import { periodicWorker } from '@/lib/workers';
import { getGateway } from './index';

/**
 * Lets time pass for the devices in every process (`DeviceGateway.sweep`): the simulator times out
 * commands a dead process left unanswered, returns pulled latches, auto-locks and raises open-door
 * alerts. Safe in several processes: each outcome is reported once.
 */
export const worker = periodicWorker('device-sweep', () => Number(process.env.SIM_REAPER_MS ?? 2000), (db) => getGateway().sweep(db, new Date()));
