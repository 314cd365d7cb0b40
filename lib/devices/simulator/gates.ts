import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { devices, simExternalGates } from '@/db/schema';
import { DeviceUnreachable, NotFound, PreconditionFailed } from '@/lib/domain/errors';
import { DeviceType } from '../codes';
import type { ExternalGate } from '../gateway';
import { ref } from './lock-row';
import { reports } from './port';
import { confirmedCommand } from './slot';

type Row = typeof simExternalGates.$inferSelect;
const view = (g: Row): ExternalGate => ({ externalId: g.externalId, name: g.name, type: g.type, impulseLength: g.impulseLength, firmware: g.firmware, isConnected: g.isConnected });

/** The simulated external gate system, read-only for the service. */
export async function readExternalGate(db: Db, externalId: string): Promise<ExternalGate | null> {
  const [g] = await db.select().from(simExternalGates).where(eq(simExternalGates.externalId, externalId));
  return g ? view(g) : null;
}

/** One account's gates there (the account is the service user's id). */
export async function listAccountGates(db: Db, account: string): Promise<ExternalGate[]> {
  return (await db.select().from(simExternalGates).where(eq(simExternalGates.account, account)).orderBy(asc(simExternalGates.name))).map(view);
}

/**
 * Opens a gate through the external system (an impulse), then reports it opened. 412 when the
 * gate is unlinked (not in the external system any more), 428 when it is disconnected there, 409
 * while another command runs, 408 when the external system stays silent.
 */
export async function openGate(db: Db, input: { deviceId: number; userId: string | null; accessLinkId?: string | null }): Promise<{ operationId: string }> {
  const [gate] = await db.select().from(devices).where(eq(devices.id, input.deviceId));
  if (!gate || gate.type !== DeviceType.gate) throw NotFound('Gate');
  const ext = gate.externalId && gate.isPresentInExternal !== false ? await readExternalGate(db, gate.externalId) : null;
  if (!ext) throw PreconditionFailed('The gate is unlinked: it is no longer in the external gate system. Add it there again, then synchronize it.');
  if (!ext.isConnected) throw DeviceUnreachable('The gate is disconnected in the external gate system.');
  return confirmedCommand(db, gate.id, 'The external gate system did not confirm the opening in time.', async (operationId, requestedAt) => {
    await reports().gateOpened(db, { operationId, device: ref(gate), userId: input.userId, accessLinkId: input.accessLinkId ?? null, requestedAt, at: new Date() });
    return { operationId };
  });
}
