import type { Db } from '@/db/client';
import { DeviceTimeout } from '@/lib/domain/errors';
import type { PinChange } from '../gateway';
import { loadLock, reachable, requireReachable } from './lock-row';
import { confirmedCommand } from './slot';

/**
 * Writes one PIN change and waits for the lock to confirm it (synchronous for the caller):
 * 428 without a connected bridge, 409 while another command runs, 408 when the lock stays
 * silent (fault) or its bridge drops meanwhile. Call it outside a transaction: the slot must
 * be visible to other processes while the lock works.
 */
export async function writePin(db: Db, deviceId: number, _change: PinChange): Promise<void> {
  requireReachable(await loadLock(db, deviceId));
  await confirmedCommand(db, deviceId, 'The lock did not confirm the PIN change in time. Try again.', async () => {
    if (!reachable(await loadLock(db, deviceId))) throw DeviceTimeout('The lock went offline before it confirmed the PIN change.');
  });
}
