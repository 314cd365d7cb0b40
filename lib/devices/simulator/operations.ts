import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { deviceOperations, simCommands } from '@/db/schema';
import { DeviceBusy, RetryableConflict } from '@/lib/domain/errors';
import { OpResult } from '../codes';
import type { OperationView, StartOperationInput } from '../gateway';
import { scheduleAutoLock } from './autolock';
import { commandMs, slotGraceMs, slowFactor, staleMs, timeoutMs } from './config';
import { outcomeState, TRANSITIONAL } from './effects';
import type { Fault } from './faults';
import { loadLock, lockColumns, lockFrom, lockRowOf, reachable, ref, requireReachable } from './lock-row';
import { reports } from './port';
import { releaseSlot } from './slot';
import { scheduleSpringReturn } from './spring';
import { later } from './timers';

/**
 * Takes the device slot and, only when it got it, the device's pending fault, and writes down
 * what the lock will do (`sim_commands`: the planned result and when it answers), in one round
 * trip. The slot is a conditional UPDATE: of two racing processes exactly one gets the row.
 */
async function takeSlotAndPlan(db: Db, deviceId: number, operationId: string, asked: Date): Promise<{ fault: Fault | null; completeAt: Date }> {
  const until = new Date(asked.getTime() + timeoutMs() * slowFactor + slotGraceMs());
  const ms = { timeout: timeoutMs(), slow: commandMs() * slowFactor, normal: commandMs() };
  const [row] = rowsOf<{ got: boolean; fault: Fault | null; complete_at: string | Date | null }>(
    await db.execute(sql`
      with slot as (
        update devices set busy_until = ${until.toISOString()}::timestamptz, busy_operation_id = ${operationId}::uuid
        where id = ${deviceId} and (busy_until is null or busy_until < ${asked.toISOString()}::timestamptz)
        returning id
      ), fault as (
        delete from sim_device_faults f using slot where f.device_id = slot.id returning f.fault
      ), plan as (
        insert into sim_commands (operation_id, device_id, planned_result, complete_at)
        select ${operationId}::uuid, slot.id,
          case (select fault from fault) when 'timeout' then ${OpResult.timedOut}::int when 'jam' then ${OpResult.jammed}::int else ${OpResult.ok}::int end,
          clock_timestamp() + make_interval(secs => (case (select fault from fault) when 'timeout' then ${ms.timeout}::float8 when 'slow' then ${ms.slow}::float8 else ${ms.normal}::float8 end) / 1000)
        from slot
        returning complete_at
      )
      select exists (select 1 from slot) as got, (select fault from fault) as fault, (select complete_at from plan) as complete_at`),
  );
  if (!row?.got) throw DeviceBusy();
  return { fault: row.fault, completeAt: new Date(row.complete_at!) };
}

/**
 * Accepts a lock/unlock/pull: takes the device slot, plans the outcome (faults of the control
 * plane decide it now), then reports the command accepted (the service records the operation and
 * the transitional state). The outcome is reported later by `settle`, by whichever process gets
 * there first. Two statements, no transaction: the slot holds the device meanwhile and expires by
 * itself, so a process that dies between them cannot block it.
 */
export async function startOperation(db: Db, input: StartOperationInput): Promise<{ operationId: string; lastStateChangedDate: Date }> {
  const lock = await loadLock(db, input.deviceId);
  requireReachable(lock);
  const operationId = randomUUID();
  const { completeAt } = await takeSlotAndPlan(db, input.deviceId, operationId, new Date());
  const now = new Date();
  try {
    await reports().commandAccepted(db, {
      operationId,
      device: ref(lock),
      type: input.type,
      mode: input.mode ?? null,
      userId: input.userId,
      accessLinkId: input.accessLinkId ?? null,
      fromState: lock.state,
      state: TRANSITIONAL[input.type],
      expectedEnd: completeAt,
      at: now,
    });
  } catch (e) {
    await db.delete(simCommands).where(eq(simCommands.operationId, operationId)).catch(() => undefined);
    await releaseSlot(db, input.deviceId, operationId).catch(() => undefined);
    throw e;
  }
  scheduleSettle(operationId, Math.max(0, completeAt.getTime() - Date.now()));
  return { operationId, lastStateChangedDate: now };
}

/** The accepting process settles its own operation when the device would answer. */
export function scheduleSettle(operationId: string, ms: number): void {
  later(ms, `settle ${operationId}`, (db) => settle(db, operationId));
}

/**
 * The lock answers a due command, exactly once (deleting the plan is the claim). A command found
 * long after its planned end belonged to a process that died before seeing the answer: it is
 * reported as timed out. A bridge that went offline meanwhile also means a timeout. Two
 * statements in one transaction: the claim with the lock and the command, then the report.
 */
export async function settle(db: Db, operationId: string, now = new Date()): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await settleOnce(db, operationId, now);
    } catch (e) {
      // another writer took the activity instant the report wanted: the whole settle again
      if (!(e instanceof RetryableConflict) || attempt >= 8) throw e;
    }
  }
}

async function settleOnce(db: Db, operationId: string, now: Date): Promise<boolean> {
  const stale = new Date(now.getTime() - staleMs()).toISOString();
  const done = await db.transaction(async (tx) => {
    const [raw] = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        with plan as (
          delete from sim_commands where operation_id = ${operationId}::uuid and complete_at <= ${now.toISOString()}::timestamptz
          returning *
        ), orphan as (
          -- a process that died between taking the slot and recording the operation left a plan
          -- with no operation: nothing to report, but the slot is freed now, not when it expires
          update devices d set busy_until = null, busy_operation_id = null
          from plan
          where d.id = plan.device_id and d.busy_operation_id = plan.operation_id
            and plan.complete_at < ${stale}::timestamptz
            and not exists (select 1 from device_operations o where o.id = plan.operation_id)
          returning d.id
        )
        select ${lockColumns}, plan.planned_result as op_planned_result,
          plan.complete_at < ${stale}::timestamptz as op_stale,
          o.type as op_type, o.mode as op_mode, o.from_state as op_from_state
        from plan join device_operations o on o.id = plan.operation_id join ${lockFrom} on d.id = plan.device_id`),
    );
    if (!raw) return null;
    const lock = lockRowOf(raw);
    const op = { type: raw.op_type as number, mode: raw.op_mode as number | null, fromState: raw.op_from_state as number | null };
    const result = raw.op_stale || !reachable(lock) ? OpResult.timedOut : (raw.op_planned_result as number);
    const state = outcomeState(op, lock.hw, result);
    const applied = await reports().commandFinished(tx, { operationId, device: ref(lock), result, state, doorState: lock.doorState, at: now });
    return applied ? { deviceId: lock.id, state, hw: lock.hw } : null;
  });
  if (done) {
    scheduleSpringReturn(done.deviceId, done.state, done.hw);
    scheduleAutoLock(done.deviceId, done.state, done.hw);
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
  return { operationId: op.id, deviceId: op.deviceId, type: op.type as OperationView['type'], status: op.status as OperationView['status'], result: op.result };
}

/** Finishes the due commands of these devices (readers call it so they never show stale progress). */
export async function settleDue(db: Db, deviceIds: number[]): Promise<void> {
  if (!deviceIds.length) return;
  const now = new Date();
  const due = await db
    .select({ id: simCommands.operationId })
    .from(simCommands)
    .where(and(inArray(simCommands.deviceId, deviceIds), lte(simCommands.completeAt, now)));
  for (const op of due) await settle(db, op.id, now);
}

/** Commands nobody answered well after their planned end (their process died): they time out now. */
export async function settleStale(db: Db, now: Date, onlyDevices?: number[]): Promise<number> {
  const due = await db
    .select({ id: simCommands.operationId })
    .from(simCommands)
    .where(
      and(
        lte(simCommands.completeAt, new Date(now.getTime() - staleMs())),
        // tests limit a sweep to their own devices (the database may be shared)
        onlyDevices ? inArray(simCommands.deviceId, onlyDevices) : sql`true`,
      ),
    )
    .limit(200);
  let n = 0;
  for (const op of due) if (await settle(db, op.id, now)) n++;
  return n;
}
