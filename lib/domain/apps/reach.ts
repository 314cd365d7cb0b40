import { DeviceType } from '@/lib/shared/devices/codes';
import type { Ctx } from '../context';
import { loadVisible } from '../devices/load';
import { organizationsByIds } from '../organizations/organizations';

export interface Reach {
  /** null: the person's own devices, in no organization */
  id: number | null;
  name: string;
  /** locks and gates (what opens) the person can reach there now */
  doors: number;
}

/**
 * What an app acting for the caller could reach today, by organization: the devices the caller
 * sees (the same rule as every device list), doors counted. The consent page names them.
 */
export async function organizationsReached(ctx: Ctx): Promise<Reach[]> {
  const seen = await loadVisible(ctx, {
    types: [DeviceType.lockPro, DeviceType.lockGo, DeviceType.gate, DeviceType.bridge, DeviceType.doorSensor],
  });
  const counts = new Map<number | null, number>();
  for (const l of seen) {
    const isDoor = [DeviceType.lockPro, DeviceType.lockGo, DeviceType.gate].includes(l.d.type as 2);
    counts.set(l.d.organizationId ?? null, (counts.get(l.d.organizationId ?? null) ?? 0) + (isDoor ? 1 : 0));
  }
  const ids = [...counts.keys()].filter((k): k is number => k !== null);
  const orgs = await organizationsByIds(ctx.db, ids);
  return [...counts.entries()]
    .map(([id, doors]) => ({
      id,
      name: id === null ? 'Your own devices' : (orgs.get(id)?.name ?? 'An organization'),
      doors,
    }))
    .sort((a, b) => (a.id === null ? 1 : b.id === null ? -1 : a.name.localeCompare(b.name)));
}
