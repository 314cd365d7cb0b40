import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb, type Db } from '@/db/client';
import { DeviceType, deviceOperations, devices, simExternalGates } from '@/db/schema';
import { ActivityEvent, recordActivity } from '@/lib/domain/activity/record';
import { DeviceTimeout, DeviceUnreachable, NotFound } from '@/lib/domain/errors';
import type { ExternalGate } from '../gateway';
import { resolveAuthor } from './author';
import { commandMs, slowFactor, timeoutMs } from './config';
import { releaseSlot, takeSlot } from './slot';
import { OpResult, OpType } from './states';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The simulated external gate system, read-only for the service. */
export async function readExternalGate(externalId: string, db?: Db): Promise<ExternalGate | null> {
  const d = db ?? (await getDb());
  const [g] = await d.select().from(simExternalGates).where(eq(simExternalGates.externalId, externalId));
  if (!g) return null;
  return { externalId: g.externalId, name: g.name, type: g.type, impulseLength: g.impulseLength, firmware: g.firmware, isConnected: g.isConnected };
}

/**
 * Opens a gate through the external system (an impulse). 428 when the gate is unlinked or
 * disconnected there, 409 while another command runs, 408 when the external system stays silent.
 */
export async function openGate(db: Db, input: { deviceId: number; userId: string | null; accessLinkId?: string | null }): Promise<{ operationId: string }> {
  const [gate] = await db.select().from(devices).where(eq(devices.id, input.deviceId));
  if (!gate || gate.type !== DeviceType.gate) throw NotFound('Gate');
  const ext = gate.externalId && gate.isPresentInExternal !== false ? await readExternalGate(gate.externalId, db) : null;
  if (!ext) throw DeviceUnreachable('The gate is unlinked: it is no longer in the external gate system. Synchronize it after adding it there again.');
  if (!ext.isConnected) throw DeviceUnreachable('The gate is disconnected in the external gate system.');
  const operationId = randomUUID();
  const now = new Date();
  const fault = await takeSlot(db, gate.id, operationId, new Date(now.getTime() + timeoutMs() * slowFactor + 1000), now, ['timeout', 'slow']);
  try {
    await sleep(fault === 'timeout' ? timeoutMs() : fault === 'slow' ? commandMs() * slowFactor : commandMs());
    if (fault === 'timeout') throw DeviceTimeout('The external gate system did not confirm the opening in time.');
    const at = new Date();
    const author = await resolveAuthor(db, input.userId, input.accessLinkId ?? null);
    await db.transaction(async (tx) => {
      await tx.insert(deviceOperations).values({
        id: operationId, deviceId: gate.id, type: OpType.unlock, status: 'COMPLETED', result: OpResult.ok, plannedResult: OpResult.ok,
        userId: input.userId, accessLinkId: input.accessLinkId ?? null, created: now, completeAt: at, completedAt: at,
      });
      const event = input.accessLinkId ? ActivityEvent.gateOpenedLink : ActivityEvent.gateOpenedRemotely;
      await recordActivity(tx, { deviceId: gate.id, event, source: 1, user: author.user, username: author.username, accessLinkId: author.accessLinkId, operationId, at });
    });
    return { operationId };
  } finally {
    await releaseSlot(db, gate.id, operationId);
  }
}
