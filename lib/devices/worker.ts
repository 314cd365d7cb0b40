import { deviceSweepMs } from '@/lib/config/bridges';
import { reconcileDue, settleOverdue } from '@/lib/domain/devices/reconcile';
import { periodicWorker } from '@/lib/workers';

/**
 * The device worker (docs/devices.md, "When the network fails"), in every process: commands past
 * their time are settled from their lock's bridge, and every bridge is re-read at least every
 * BRIDGE_RECONCILE_MS (its callback registered again if it forgot it). Safe in several processes:
 * each bridge is claimed by one, and each report applies once.
 */
export const worker = periodicWorker('device-sweep', deviceSweepMs, async (db) => {
  const now = new Date();
  await settleOverdue(db, now);
  await reconcileDue(db, now);
});
