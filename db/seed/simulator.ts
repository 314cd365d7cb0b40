import { inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { DeviceType, devices, simExternalGates } from '../schema';
import type { DemoIds } from './types';

/**
 * The simulated external gate system of the demo: it holds the demo gates that are still
 * present there (the unlinked "Old service gate" is absent). Idempotent. Upstream, the parking
 * barrier already runs newer firmware than the service knows: a sync shows it.
 */
export async function seedSimulator(db: Db, demo: DemoIds): Promise<void> {
  const ids = Object.values(demo.devices);
  if (!ids.length) return;
  const gates = await db.select().from(devices).where(inArray(devices.id, ids));
  const rows = gates
    .filter((g) => g.type === DeviceType.gate && g.isPresentInExternal !== false && g.externalId)
    .map((g) => ({
      externalId: g.externalId!,
      name: g.externalName ?? g.name,
      type: g.externalType ?? 'gate',
      impulseLength: g.impulseLength ?? 1000,
      firmware: g.serialNumber === 'DEMO-GT-0002' ? '4.2.0' : (g.softwareVersions[0]?.version ?? '1.0.0'),
      isConnected: g.isConnected ?? false,
    }));
  if (rows.length) await db.insert(simExternalGates).values(rows).onConflictDoNothing();
}
