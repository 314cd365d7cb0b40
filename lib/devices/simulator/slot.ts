import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { DeviceBusy, DeviceTimeout } from '@/lib/domain/errors';
import { commandMs, slowFactor, timeoutMs } from './config';
import type { Fault } from '../gateway';

/**
 * One command at a time per device, across every server process: the slot is a conditional
 * UPDATE on the device row. Postgres re-checks the WHERE after a concurrent writer commits,
 * so of two racing processes exactly one gets the row back. The slot expires by itself
 * (`busyUntil`), so a process that dies while holding it cannot block the device forever.
 *
 * The same statement takes the device's pending fault (one-shot, control plane) of the given
 * kinds, only when the slot was taken: one round trip and no transaction around the two.
 */
export async function takeSlot(
  db: Db,
  deviceId: number,
  operationId: string,
  until: Date,
  now = new Date(),
  faults: readonly Fault[] = [],
): Promise<Fault | null> {
  const [row] = rowsOf<{ got: boolean; fault: Fault | null }>(
    await db.execute(sql`
      with slot as (
        update devices set busy_until = ${until.toISOString()}::timestamptz, busy_operation_id = ${operationId}::uuid
        where id = ${deviceId} and (busy_until is null or busy_until < ${now.toISOString()}::timestamptz)
        returning id
      ), fault as (
        delete from sim_device_faults f using slot
        where f.device_id = slot.id and f.fault = any(string_to_array(${faults.join(',')}, ','))
        returning f.fault
      )
      select exists (select 1 from slot) as got, (select fault from fault) as fault`),
  );
  if (!row?.got) throw DeviceBusy();
  return row.fault;
}

/** Frees the slot if this operation still holds it. */
export async function releaseSlot(db: Db, deviceId: number, operationId: string): Promise<void> {
  await db.execute(sql`
    update devices set busy_until = null, busy_operation_id = null
    where id = ${deviceId} and busy_operation_id = ${operationId}::uuid`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A command that the device confirms before the caller goes on (a PIN, settings, a gate's
 * impulse): takes the slot (409) with a pending 'timeout' or 'slow' fault, waits the device's time,
 * 408 with `silent` when it stays silent, else runs `confirmed` with the command's id; the slot is
 * freed either way. Call it outside a transaction: the slot must be visible to other processes.
 */
export async function confirmedCommand<T>(db: Db, deviceId: number, silent: string, confirmed: (operationId: string, requestedAt: Date) => Promise<T>): Promise<T> {
  const operationId = randomUUID();
  const requestedAt = new Date();
  const fault = await takeSlot(db, deviceId, operationId, new Date(requestedAt.getTime() + timeoutMs() * slowFactor + 1000), requestedAt, ['timeout', 'slow']);
  try {
    await sleep(fault === 'timeout' ? timeoutMs() : fault === 'slow' ? commandMs() * slowFactor : commandMs());
    if (fault === 'timeout') throw DeviceTimeout(silent);
    return await confirmed(operationId, requestedAt);
  } finally {
    await releaseSlot(db, deviceId, operationId);
  }
}
