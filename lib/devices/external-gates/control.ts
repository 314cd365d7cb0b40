import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { simExternalGates } from './tables';
import { DeviceFailure } from '../errors';
import { gateView } from './gates';
import type { ExternalGateChange, ExternalGateRow } from '../gateway';

type Row = typeof simExternalGates.$inferSelect;
/** A gate as the external system shows it to its operators: what it answers the service, with the account and when it changed (not its busy flag). */
const shown = (g: Row): ExternalGateRow => ({ ...gateView(g), account: g.account, updated: g.updated });

/** Control plane of the external gate system: what its operators do there (the service never does). */
export async function addExternalGate(
  db: Db,
  account: string,
  g: ExternalGateChange & { name: string },
): Promise<ExternalGateRow> {
  const [row] = await db
    .insert(simExternalGates)
    .values({
      externalId: g.externalId,
      account,
      name: g.name,
      type: g.type ?? 'gate',
      impulseLength: g.impulseLength ?? 1000,
      firmware: g.firmware ?? '1.0.0',
      isConnected: g.isConnected ?? true,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new DeviceFailure('conflict', `The external gate system already has a gate ${g.externalId}.`);
  return shown(row);
}

export async function updateExternalGate(db: Db, g: ExternalGateChange): Promise<ExternalGateRow> {
  const { externalId, ...rest } = g;
  const [row] = await db
    .update(simExternalGates)
    .set({ ...rest, updated: new Date() })
    .where(eq(simExternalGates.externalId, externalId))
    .returning();
  if (!row) throw new DeviceFailure('not_found', 'External gate not found.');
  return shown(row);
}

export async function removeExternalGate(db: Db, externalId: string): Promise<void> {
  const gone = await db.delete(simExternalGates).where(eq(simExternalGates.externalId, externalId)).returning();
  if (!gone.length) throw new DeviceFailure('not_found', 'External gate not found.');
}

export async function listExternalGates(db: Db): Promise<ExternalGateRow[]> {
  return (await db.select().from(simExternalGates).orderBy(simExternalGates.name)).map(shown);
}
