import { inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { deviceAccess } from '@/db/schema';
import type { Ctx } from '../context';
import { accessPower, decideDelegation, type GrantPower } from '@/lib/shared/policy';
import { enforceDelegation, grantorOn } from '../policy/enforce';

/**
 * Delegation applied (lib/shared/policy decideDelegation): a grant reaches some devices with some
 * power on each; the caller must hold at least that power on every one of them now.
 */
export interface Reach {
  deviceId: number;
  power: GrantPower;
}

/** 403 (404 for a device the caller cannot see) unless the caller may hand out every reach now. */
export async function requireDelegable(ctx: Ctx, reach: Reach[], what: string): Promise<void> {
  if (!reach.length) return;
  const now = ctx.now();
  const grantors = await grantorOn(ctx, [...new Set(reach.map((r) => r.deviceId))]);
  for (const r of reach) {
    const g = grantors.get(r.deviceId) ?? { access: undefined, orgRole: null, inOrganization: false, device: '' };
    enforceDelegation(g, r.power, now, { device: g.device || 'this device', what });
  }
}

/** Whether the caller may hand out every reach now (a secret is shown only then). */
export async function mayDelegate(ctx: Ctx, reach: Reach[]): Promise<boolean> {
  if (!reach.length) return true;
  const now = ctx.now();
  const grantors = await grantorOn(ctx, [...new Set(reach.map((r) => r.deviceId))]);
  return reach.every((r) => {
    const g = grantors.get(r.deviceId);
    return !!g && decideDelegation(g, r.power, now).ok;
  });
}

/** What a membership of these groups gives: every access of each group. */
export async function groupReach(db: Db, groupIds: string[]): Promise<Reach[]> {
  if (!groupIds.length) return [];
  const rows = await db.select().from(deviceAccess).where(inArray(deviceAccess.groupId, groupIds));
  return rows.map((a) => ({ deviceId: a.deviceId, power: accessPower(a) }));
}
