import type { LinkHistoryEntry } from './schemas';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  accessLinks,
  accessLinkUses,
  deviceOperations,
  devices,
  organizations,
  type LinkUseOutcome,
} from '@/db/schema';
import type { BaseCtx, Ctx } from '../context';
import { NotFound } from '../errors';
import { fmtNoZoneMs } from '../format';
import { requireOrg } from '../policy/enforce';
import { hit, type Limit } from '../ratelimit';
import { logError } from '@/lib/log';

/**
 * A link's history: each open through the guest page and each refusal, newest first. Written by
 * the guest side (./open.ts, ./page.ts) with no token or client address; read by those who may
 * manage the organization's links (lib/shared/policy: manageLinks).
 *
 * Refusals are recorded at most `REFUSALS_RECORDED` a minute per link, so a guest (or a script)
 * hammering a refused link cannot fill the table; opens are bounded by the link's own rate limit.
 */
export const REFUSALS_RECORDED: Limit = { max: 30, windowSeconds: 60 };

export interface LinkUse {
  accessLinkId: string;
  device?: { id: number; name: string } | null;
  outcome: LinkUseOutcome;
  operationId?: string | null;
}

/** Records one use of a link. Never throws: a guest's answer does not depend on the history being written. */
export async function recordLinkUse(ctx: BaseCtx, use: LinkUse): Promise<void> {
  const now = ctx.now();
  try {
    if (
      use.outcome !== 'opened' &&
      !(await hit(ctx.db, `link-refusals:${use.accessLinkId}`, REFUSALS_RECORDED, now)).allowed
    )
      return;
    await ctx.db.insert(accessLinkUses).values({
      accessLinkId: use.accessLinkId,
      deviceId: use.device?.id ?? null,
      deviceName: use.device?.name ?? null,
      at: now,
      outcome: use.outcome,
      operationId: use.operationId ?? null,
    });
  } catch (e) {
    // the link may have been deleted meanwhile (foreign key): nothing to keep a history of
    logError('link-history', e);
  }
}

/** An open's result from its operation: pending, opened, or why not. */
export type HistoryResult = LinkHistoryEntry['result'];
// every refusal the table records has its word in the API's list (tsc fails otherwise)
const refusalsNamed: Exclude<LinkUseOutcome, 'opened'> extends HistoryResult ? true : never = true;
void refusalsNamed;

const OPERATION_RESULT: Record<number, HistoryResult> = { 0: 'opened', 1: 'jammed', 2: 'timedOut', 3: 'failed' };

export type HistoryEntry = LinkHistoryEntry;

/** GET .../accesslink/{id}/history: the link's uses, newest first, paged. */
export async function linkHistory(
  ctx: Ctx,
  input: { organizationId: number; accessLinkId: string; page?: number; itemsPerPage?: number },
) {
  await requireOrg(ctx, input.organizationId, 'manageLinks', { hideBelow: true });
  const [link] = await ctx.db
    .select({ id: accessLinks.id, timeZone: organizations.timeZone })
    .from(accessLinks)
    .innerJoin(organizations, eq(organizations.id, accessLinks.organizationId))
    .where(and(eq(accessLinks.id, input.accessLinkId), eq(accessLinks.organizationId, input.organizationId)))
    .limit(1);
  if (!link) throw NotFound('Access link');
  const page = input.page ?? 1;
  const itemsPerPage = input.itemsPerPage ?? 100;
  const rows = await ctx.db
    .select({
      id: accessLinkUses.id,
      at: accessLinkUses.at,
      deviceId: accessLinkUses.deviceId,
      deviceName: sql<string | null>`coalesce(${devices.name}, ${accessLinkUses.deviceName})`,
      deviceType: devices.type,
      timeZone: devices.timeZone,
      outcome: accessLinkUses.outcome,
      operationId: accessLinkUses.operationId,
      status: deviceOperations.status,
      opResult: deviceOperations.result,
    })
    .from(accessLinkUses)
    .leftJoin(devices, eq(devices.id, accessLinkUses.deviceId))
    .leftJoin(deviceOperations, eq(deviceOperations.id, accessLinkUses.operationId))
    .where(eq(accessLinkUses.accessLinkId, link.id))
    .orderBy(desc(accessLinkUses.at), desc(accessLinkUses.id))
    .limit(itemsPerPage)
    .offset((page - 1) * itemsPerPage);
  const items: HistoryEntry[] = rows.map((r) => ({
    id: r.id,
    date: fmtNoZoneMs(r.at),
    deviceId: r.deviceId,
    deviceName: r.deviceName,
    deviceType: r.deviceType,
    timeZone: r.timeZone ?? link.timeZone,
    accepted: r.outcome === 'opened',
    result:
      r.outcome !== 'opened'
        ? r.outcome
        : r.status === 'PENDING'
          ? 'pending'
          : (OPERATION_RESULT[r.opResult ?? 3] ?? 'failed'),
    operationId: r.operationId,
  }));
  return { items, page, itemsPerPage };
}
