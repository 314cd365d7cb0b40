import { randomUUID } from 'node:crypto';
import type { Db } from '@/db/client';
import { DeviceTimeout } from '@/lib/domain/errors';
import type { PinChange } from '../gateway';
import { commandMs, slowFactor, timeoutMs } from './config';
import { loadLock, reachable, requireReachable } from './lock-row';
import { releaseSlot, takeSlot } from './slot';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Writes one PIN change and waits for the lock to confirm it (synchronous for the caller):
 * 428 without a connected bridge, 409 while another command runs, 408 when the lock stays
 * silent (fault) or its bridge drops meanwhile. Call it outside a transaction: the slot must
 * be visible to other processes while the lock works.
 */
export async function writePin(db: Db, deviceId: number, _change: PinChange): Promise<void> {
  requireReachable(await loadLock(db, deviceId));
  const opId = randomUUID();
  const now = new Date();
  const fault = await takeSlot(db, deviceId, opId, new Date(now.getTime() + timeoutMs() * slowFactor + 1000), now, ['timeout', 'slow']);
  try {
    await sleep(fault === 'timeout' ? timeoutMs() : fault === 'slow' ? commandMs() * slowFactor : commandMs());
    if (fault === 'timeout') throw DeviceTimeout('The lock did not confirm the PIN change in time. Try again.');
    if (!reachable(await loadLock(db, deviceId))) throw DeviceTimeout('The lock went offline before it confirmed the PIN change.');
  } finally {
    await releaseSlot(db, deviceId, opId);
  }
}
