import { getDb } from '@/db/client';
import type { BackgroundWorker } from '@/lib/workers';
import { getGateway } from './index';

/**
 * Lets time pass for the devices in every process (`DeviceGateway.sweep`): the simulator times out
 * commands a dead process left unanswered, returns pulled latches, auto-locks and raises open-door
 * alerts. Safe in several processes: each outcome is reported once.
 */
export const worker: BackgroundWorker = {
  name: 'device-sweep',
  start: () => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      getDb()
        .then((db) => getGateway().sweep(db, new Date()))
        .catch((e) => console.error('device sweep failed:', e))
        .finally(() => (running = false));
    }, Number(process.env.SIM_REAPER_MS ?? 2000));
    timer.unref?.();
    return () => clearInterval(timer);
  },
};
