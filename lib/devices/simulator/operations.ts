import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { openedDb, rowsOf, type Db } from '@/db/client';
import { deviceOperations } from '@/db/schema';
import type { OperationView, StartOperationInput } from '../gateway';
import { commandMs, slotGraceMs, slowFactor, staleMs, timeoutMs } from './config';
import { scheduleAutoLock } from './autolock';
import { authorOf } from './author';
import { applyOutcome, type SettledOp } from './effects';
import { FAULTS } from './faults';
import { loadLock, lockColumns, lockFrom, lockRowOf, reachable, requireReachable } from './lock-row';
import { releaseSlot, takeSlot } from './slot';
import { scheduleSpringReturn } from './spring';
import { OpResult, transitional } from './states';
import { logError } from '@/lib/log';

/**
 * Accepts a lock/unlock/pull: takes the device slot, plans the outcome (faults of the control
 * plane decide it now), moves the lock to its transitional state and records the plan. The
 * outcome is applied later by `settle`, by whichever process gets there first.
 *
 * Two statements, no transaction: the slot (with the fault), then the plan. The slot holds the
 * device meanwhile and expires by itself, so a process that dies between them cannot block it.
 */
export async function startOperation(db: Db, input: StartOperationInput): Promise<{ operationId: string; lastStateChangedDate: Date }> {
  const lock = await loadLock(db, input.deviceId);
  requireReachable(lock);
  const operationId = randomUUID();
  const asked = new Date();
  const until = new Date(asked.getTime() + timeoutMs() * slowFactor + slotGraceMs());
  const fault = await takeSlot(db, input.deviceId, operationId, until, asked, FAULTS);
  // the command starts once the slot is ours (we may have waited for another process's commit)
  const now = new Date();
  const ms = fault === 'timeout' ? timeoutMs() : fault === 'slow' ? commandMs() * slowFactor : commandMs();
  const completeAt = new Date(now.getTime() + ms);
  const plannedResult = fault === 'timeout' ? OpResult.timedOut : fault === 'jam' ? OpResult.jammed : OpResult.ok;
  try {
    await db.execute(sql`
      with op as (
        insert into device_operations (id, device_id, type, mode, planned_result, from_state, user_id, access_link_id, created, complete_at)
        values (${operationId}::uuid, ${input.deviceId}, ${input.type}, ${input.mode ?? null}::int, ${plannedResult}, ${lock.state}::int,
                ${input.userId}::uuid, ${input.accessLinkId ?? null}::uuid, ${now.toISOString()}::timestamptz, ${completeAt.toISOString()}::timestamptz)
      )
      update devices set busy_until = ${new Date(completeAt.getTime() + slotGraceMs()).toISOString()}::timestamptz,
        state = ${transitional[input.type]}, last_state_changed_date = ${now.toISOString()}::timestamptz
      where id = ${input.deviceId}`);
  } catch (e) {
    await releaseSlot(db, input.deviceId, operationId).catch(() => undefined);
    throw e;
  }
  scheduleSettle(operationId, ms);
  return { operationId, lastStateChangedDate: now };
}

/** The accepting process settles its own operation when the device would answer. */
export function scheduleSettle(operationId: string, ms: number): void {
  const t = setTimeout(() => {
    const db = openedDb();
    if (!db) return; // closed at shutdown: the reaper of a running process finishes it
    settle(db, operationId).catch((e) => logError(`settle ${operationId} failed`, e));
  }, ms + 5);
  t.unref?.();
}

/**
 * Completes a due operation exactly once (the conditional UPDATE is the claim). An operation
 * found long after its planned end belonged to a process that died before seeing the answer:
 * it completes as timed out. A bridge that went offline meanwhile also means a timeout.
 * Two statements in one transaction: the claim with the lock and the author, then the outcome.
 */
export async function settle(db: Db, operationId: string, now = new Date()): Promise<boolean> {
  const done = await db.transaction(async (tx) => {
    const [raw] = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        with op as (
          update device_operations set status = 'COMPLETED', completed_at = ${now.toISOString()}::timestamptz
          where id = ${operationId}::uuid and status = 'PENDING' and complete_at <= ${now.toISOString()}::timestamptz
          returning *
        )
        select ${lockColumns},
          op.id as op_id, op.type as op_type, op.mode as op_mode, op.planned_result as op_planned_result, op.from_state as op_from_state,
          op.user_id as op_user_id, op.access_link_id as op_access_link_id,
          op.complete_at < ${new Date(now.getTime() - staleMs()).toISOString()}::timestamptz as op_stale,
          u.num_id as author_num_id, u.display_name as author_name, l.name as link_name
        from op join ${lockFrom} on d.id = op.device_id
        left join users u on u.id = op.user_id
        left join access_links l on l.id = op.access_link_id`),
    );
    if (!raw) return null;
    const lock = lockRowOf(raw);
    const op: SettledOp = {
      id: raw.op_id as string,
      deviceId: lock.id,
      type: raw.op_type as number,
      mode: raw.op_mode as number | null,
      fromState: raw.op_from_state as number | null,
      userId: raw.op_user_id as string | null,
      accessLinkId: raw.op_access_link_id as string | null,
    };
    const user = raw.author_num_id === null ? null : { numId: raw.author_num_id as number, name: raw.author_name as string };
    const author = authorOf(op.userId, op.accessLinkId, user, raw.link_name as string | null);
    const result = raw.op_stale || !reachable(lock) ? OpResult.timedOut : (raw.op_planned_result as number);
    const out = await applyOutcome(tx, op, lock, author, result, now);
    return { ...out, deviceId: op.deviceId };
  });
  if (done) {
    scheduleSpringReturn(done.deviceId, done.state, done.springSeconds);
    scheduleAutoLock(done.deviceId, done.state, done.settings);
  }
  return done !== null;
}

/** Operation status; settles it first when its time has come. */
export async function getOperation(db: Db, operationId: string): Promise<OperationView | null> {
  const read = () => db.select().from(deviceOperations).where(eq(deviceOperations.id, operationId));
  let [op] = await read();
  if (!op) return null;
  if (op.status === 'PENDING' && op.completeAt <= new Date()) {
    await settle(db, operationId);
    [op] = await read();
  }
  return { operationId: op.id, deviceId: op.deviceId, type: op.type as 0 | 1 | 2, status: op.status as 'PENDING' | 'COMPLETED', result: op.result };
}

/** Finishes the due operations of these devices (readers call it so they never show stale progress). */
export async function settleDue(db: Db, deviceIds: number[]): Promise<void> {
  if (!deviceIds.length) return;
  const now = new Date();
  const due = await db
    .select({ id: deviceOperations.id })
    .from(deviceOperations)
    .where(and(inArray(deviceOperations.deviceId, deviceIds), eq(deviceOperations.status, 'PENDING'), lte(deviceOperations.completeAt, now)));
  for (const op of due) await settle(db, op.id, now);
}
