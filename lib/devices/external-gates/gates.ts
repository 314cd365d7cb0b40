import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { simDeviceFaults, simExternalGates } from './tables';
import { busy, DeviceFailure, gateDisconnected, noAnswer } from '../errors';
import type { DeviceReports, ExternalGate, Fault } from '../gateway';

type Row = typeof simExternalGates.$inferSelect;
/** A gate as the external system answers the service for it. */
export const gateView = (g: Row): ExternalGate => ({
  externalId: g.externalId,
  name: g.name,
  type: g.type,
  impulseLength: g.impulseLength,
  firmware: g.firmware,
  isConnected: g.isConnected,
});

/** The simulated external gate system, read-only for the service. */
export async function readExternalGate(db: Db, externalId: string): Promise<ExternalGate | null> {
  const [g] = await db.select().from(simExternalGates).where(eq(simExternalGates.externalId, externalId));
  return g ? gateView(g) : null;
}

/** One account's gates there (the account is the service user's id). */
export async function listAccountGates(db: Db, account: string): Promise<ExternalGate[]> {
  return (
    await db
      .select()
      .from(simExternalGates)
      .where(eq(simExternalGates.account, account))
      .orderBy(asc(simExternalGates.name))
  ).map(gateView);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The external system holds the gate while it sends the impulse (its answer to a second opening:
 * busy), taking the gate's pending fault (one-shot) in the same statement. The hold expires by
 * itself, so a process that dies while holding it cannot block the gate.
 */
async function hold(
  db: Db,
  externalId: string,
  deviceId: number,
  operationId: string,
  until: Date,
): Promise<Fault | null> {
  const [row] = rowsOf<{ got: boolean; fault: Fault | null }>(
    await db.execute(sql`
      with slot as (
        update sim_external_gates set busy_until = ${until.toISOString()}::timestamptz, busy_operation_id = ${operationId}::uuid
        where external_id = ${externalId} and (busy_until is null or busy_until < now())
        returning external_id
      ), fault as (
        delete from ${simDeviceFaults} f where f.device_id = ${deviceId} and exists (select 1 from slot)
          and f.fault in ('timeout', 'slow')
        returning f.fault
      )
      select exists (select 1 from slot) as got, (select fault from fault) as fault`),
  );
  if (!row?.got) throw busy();
  return row.fault;
}

/**
 * Opens a gate through the external system (an impulse), then reports it opened. 412 when the
 * gate is not in the external system, 423 when it is disconnected there, 409 while another opening
 * runs, 408 when the external system stays silent. Call it outside a transaction.
 */
export async function openGate(
  reports: DeviceReports,
  db: Db,
  input: { deviceId: number; externalId: string | null; userId: string | null; accessLinkId?: string | null },
  /** how long the simulated system takes to send an impulse (the service's SIM_COMMAND_MS, given by lib/devices) */
  commandMs: () => number,
): Promise<{ operationId: string }> {
  const impulseMs = commandMs();
  const timeoutMs = Math.max(impulseMs * 2, 50);
  const ext = input.externalId ? await readExternalGate(db, input.externalId) : null;
  if (!ext)
    throw new DeviceFailure(
      'precondition_failed',
      'The gate is unlinked: it is no longer in the external gate system. Add it there again, then synchronize it.',
    );
  if (!ext.isConnected) throw gateDisconnected();
  const operationId = randomUUID();
  const requestedAt = new Date();
  const fault = await hold(
    db,
    ext.externalId,
    input.deviceId,
    operationId,
    new Date(requestedAt.getTime() + timeoutMs * 4 + 1000),
  );
  try {
    await sleep(fault === 'timeout' ? timeoutMs : fault === 'slow' ? impulseMs * 4 : impulseMs);
    if (fault === 'timeout') throw noAnswer('The external gate system did not confirm the opening in time.');
    await reports.gateOpened(db, {
      operationId,
      device: { id: input.deviceId, type: 5 },
      userId: input.userId,
      accessLinkId: input.accessLinkId ?? null,
      requestedAt,
      at: new Date(),
    });
    return { operationId };
  } finally {
    await db.execute(sql`
      update sim_external_gates set busy_until = null, busy_operation_id = null
      where external_id = ${ext.externalId} and busy_operation_id = ${operationId}::uuid`);
  }
}
