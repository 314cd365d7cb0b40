import { and, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import { DeviceType, devices, gateSyncRuns, simExternalGates } from '../schema';
import type { DemoIds } from './types';

/**
 * The simulated external gate system of the demo: the demo owner's account there holds the demo
 * gates that are still present (the unlinked "Old service gate" is absent), and the demo gates
 * belong to that account, whose next automatic full synchronization is due a day after seeding.
 * Idempotent. Upstream, the parking barrier already runs newer firmware than the service knows:
 * a sync shows it.
 */
export async function seedSimulator(db: Db, demo: DemoIds): Promise<void> {
  const ids = Object.values(demo.devices);
  if (!ids.length) return;
  const account = demo.users['owner@demo.test']?.id;
  if (!account) return;
  const gates = (await db.select().from(devices).where(inArray(devices.id, ids))).filter(
    (g) => g.type === DeviceType.gate,
  );
  if (!gates.length) return;
  await db
    .update(devices)
    .set({ externalAccount: account })
    .where(
      and(
        inArray(
          devices.id,
          gates.map((g) => g.id),
        ),
        isNull(devices.externalAccount),
      ),
    );
  const rows = gates
    .filter((g) => g.isPresentInExternal !== false && g.externalId)
    .map((g) => ({
      externalId: g.externalId!,
      account,
      name: g.externalName ?? g.name,
      type: g.externalType ?? 'gate',
      impulseLength: g.impulseLength ?? 1000,
      firmware: g.serialNumber === 'DEMO-GT-0002' ? '4.2.0' : (g.softwareVersions[0]?.version ?? '1.0.0'),
      isConnected: g.isConnected ?? false,
    }));
  if (rows.length) await db.insert(simExternalGates).values(rows).onConflictDoNothing();
  await db.insert(gateSyncRuns).values({ userId: account, lastFullSync: new Date() }).onConflictDoNothing();
}
