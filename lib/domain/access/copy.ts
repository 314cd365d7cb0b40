import type { Ctx } from '../context';
import { isDomainError } from '../errors';
import { findAccess } from './change';
import { grantAccess, requireManager } from './grant';
import type { CopyResultItem } from './schemas';

export interface CopyPrincipal {
  principalType: 0 | 1;
  userEmail?: string | null;
  principalId?: string | null;
}

/** One principal's outcome, as Tedee's device access copy result names it (the schema the OpenAPI document shows). */
export type CopyResult = CopyResultItem;

/**
 * POST /my/device/{deviceId}/access/{accessId}/copy-to (Tedee's copy permissions): gives each
 * principal the same level, remote flag and schedule as the access copied. Each copy is a grant
 * like POST .../access, under the same policy (nobody grants above their level, to themselves or
 * a group they are in; one access per principal); each principal gets its own result, and one
 * refused does not stop the others.
 */
export async function copyAccess(
  ctx: Ctx,
  deviceId: number,
  accessId: string,
  principals: CopyPrincipal[],
): Promise<{ principals: CopyResult[] }> {
  await requireManager(ctx, deviceId, 'share it');
  const src = await findAccess(ctx, deviceId, accessId);
  const out: CopyResult[] = [];
  for (const p of principals) {
    try {
      const r = await grantAccess(ctx, deviceId, {
        ...p,
        accessLevel: src.accessLevel,
        remoteAccessDisabled: src.remoteAccessDisabled,
        startDate: src.startDate,
        endDate: src.endDate,
        dayStartTime: src.dayStartTime,
        dayEndTime: src.dayEndTime,
        weekDays: src.weekDays,
      });
      out.push(r);
    } catch (e) {
      if (!isDomainError(e)) throw e;
      out.push({
        id: null,
        principalType: p.principalType,
        principalId: p.principalId ?? null,
        userEmail: p.userEmail ?? null,
        displayName: '',
        success: false,
        error: { code: e.code, message: e.message },
      });
    }
  }
  return { principals: out };
}
