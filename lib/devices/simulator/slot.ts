import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { devices } from '@/db/schema';
import { DeviceBusy } from '@/lib/domain/errors';

/**
 * One command at a time per device, across every server process: the slot is a conditional
 * UPDATE on the device row. Postgres re-checks the WHERE after a concurrent writer commits,
 * so of two racing processes exactly one gets the row back. The slot expires by itself
 * (`busyUntil`), so a process that dies while holding it cannot block the device forever.
 */
export async function takeSlot(db: Db, deviceId: number, operationId: string, until: Date, now = new Date()): Promise<void> {
  const got = await db
    .update(devices)
    .set({ busyUntil: until, busyOperationId: operationId })
    .where(and(eq(devices.id, deviceId), or(isNull(devices.busyUntil), lt(devices.busyUntil, now))))
    .returning({ id: devices.id });
  if (got.length === 0) throw DeviceBusy();
}

/** Frees the slot if this operation still holds it. */
export async function releaseSlot(db: Db, deviceId: number, operationId: string): Promise<void> {
  await db
    .update(devices)
    .set({ busyUntil: null, busyOperationId: null })
    .where(and(eq(devices.id, deviceId), eq(devices.busyOperationId, operationId)));
}
