import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { simExternalGates } from '@/db/schema';
import { Conflict, NotFound } from '@/lib/domain/errors';
import type { ExternalGateChange, ExternalGateRow } from '../gateway';

/** Control plane of the external gate system: what its operators do there (the service never does). */
export async function addExternalGate(db: Db, account: string, g: ExternalGateChange & { name: string }): Promise<ExternalGateRow> {
  const [row] = await db
    .insert(simExternalGates)
    .values({ externalId: g.externalId, account, name: g.name, type: g.type ?? 'gate', impulseLength: g.impulseLength ?? 1000, firmware: g.firmware ?? '1.0.0', isConnected: g.isConnected ?? true })
    .onConflictDoNothing()
    .returning();
  if (!row) throw Conflict(`The external gate system already has a gate ${g.externalId}.`);
  return row;
}

export async function updateExternalGate(db: Db, g: ExternalGateChange): Promise<ExternalGateRow> {
  const { externalId, ...rest } = g;
  const [row] = await db.update(simExternalGates).set({ ...rest, updated: new Date() }).where(eq(simExternalGates.externalId, externalId)).returning();
  if (!row) throw NotFound('External gate');
  return row;
}

export async function removeExternalGate(db: Db, externalId: string): Promise<void> {
  const gone = await db.delete(simExternalGates).where(eq(simExternalGates.externalId, externalId)).returning();
  if (!gone.length) throw NotFound('External gate');
}

export async function listExternalGates(db: Db): Promise<ExternalGateRow[]> {
  return db.select().from(simExternalGates).orderBy(simExternalGates.name);
}
