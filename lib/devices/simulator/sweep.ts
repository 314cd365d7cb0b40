import type { Db } from '@/db/client';
import { autoLock } from './autolock';
import { doorAlerts } from './door';
import { settleStale } from './operations';
import { returnSprings } from './spring';

/**
 * Time passes for the simulated hardware, in any process: commands nobody answered (their process
 * died) time out, pulled latches return, auto lock happens, open doors raise their alert. Each is
 * reported once, whichever process gets there first. `onlyDevices` limits a test's sweep to its
 * own commands (the database may be shared) and skips the rest.
 */
export async function reap(db: Db, now = new Date(), onlyDevices?: number[]): Promise<number> {
  const n = await settleStale(db, now, onlyDevices);
  if (!onlyDevices) {
    await returnSprings(db, now);
    await autoLock(db, now);
    await doorAlerts(db, now);
  }
  return n;
}
