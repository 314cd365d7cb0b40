import { sql } from 'drizzle-orm';
import { atomically, rowsOf, type Db } from '@/db/client';
import { LockState, OperationType, OpResult, TRANSIENT_STATES } from '@/lib/shared/devices/codes';
import type { DeviceReports } from '@/lib/devices/gateway';
import { RetryableConflict } from '../../errors';
import { pastDue } from '../overdue';
import { commandFinished } from './commands';
import { doorChanged, stateChanged } from './lock';

type R<K extends keyof DeviceReports> = Parameters<DeviceReports[K]>[1];

/** How a command ended, judged from where the lock stopped: jammed, where it was sent, or where it started (not confirmed). */
export function resultOf(op: { type: number; fromState: number | null }, state: number, jammed: boolean): number {
  if (jammed) return OpResult.jammed;
  const goal: readonly number[] =
    op.type === OperationType.lock ? [LockState.locked] : [LockState.unlocked, LockState.pulled];
  if (goal.includes(state)) return OpResult.ok;
  if (state === op.fromState) return OpResult.timedOut;
  return OpResult.failed;
}

interface Pending {
  id: string;
  type: number;
  from_state: number | null;
  overdue: boolean;
}

/**
 * The lock says where it is (lib/devices/gateway.ts, DeviceReports.lockStatus). The door comes
 * first (its own news); then, for a final state:
 * - a command's outcome (`remote`, or a bridge that does not say why, or a re-read): finishes the
 *   operation the event names (our extension echoes the id the command was sent with), or else the
 *   pending operations of the lock, the newest by where the lock ended, older ones (whose answer
 *   was lost) as not confirmed. A re-read finishes only operations past their time, since an event
 *   may still be on its way for the others.
 * - someone at the door or the lock's automatics: `stateChanged` with that cause;
 * - a bridge that does not say why, or a re-read, with nothing pending: the new state, no entry.
 * A transitional state changes nothing (the operation already shows it); the keypad's own event
 * (x-keypad-used) tells of its unlock.
 */
export async function lockStatus(db: Db, r: R<'lockStatus'>): Promise<void> {
  if (r.doorState !== null && r.cause !== 'keypad')
    await doorChanged(db, { device: r.device, doorState: r.doorState, at: r.at });
  if (r.cause === 'keypad' || r.cause === 'door' || TRANSIENT_STATES.includes(r.state)) return;
  if (r.cause === 'remote' || r.cause === 'unknown' || r.cause === 'snapshot') {
    const pending = rowsOf<Pending>(
      await db.execute(sql`
        select id, type, from_state, ${pastDue()} as overdue from device_operations
        where device_id = ${r.device.id} and status = 'PENDING' order by created`),
    ).filter((p) => (r.operationId ? p.id === r.operationId : r.cause !== 'snapshot' || p.overdue));
    if (pending.length) {
      for (const [i, p] of pending.entries()) {
        const newest = i === pending.length - 1;
        const result = newest
          ? resultOf({ type: p.type, fromState: p.from_state }, r.state, r.jammed)
          : OpResult.timedOut;
        await finish(db, {
          operationId: p.id,
          device: r.device,
          result,
          state: r.state,
          doorState: r.doorState,
          at: r.at,
        });
      }
      return;
    }
  }
  if (r.cause === 'remote' || r.cause === 'unknown' || r.cause === 'snapshot') {
    await stateChanged(db, { device: r.device, state: r.state, doorState: r.doorState, cause: 'unknown', at: r.at });
    return;
  }
  await stateChanged(db, { device: r.device, state: r.state, doorState: r.doorState, cause: r.cause, at: r.at });
}

/** commandFinished, run again when a concurrent writer took its activity instant. */
async function finish(db: Db, r: R<'commandFinished'>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await atomically(db, (tx) => commandFinished(tx, r));
      return;
    } catch (e) {
      if (!(e instanceof RetryableConflict) || attempt >= 8) throw e;
    }
  }
}
