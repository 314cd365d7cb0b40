import { sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import type { Ctx } from '../context';
import { requireOrg } from '../policy/enforce';
import { AUDIT_ACTIONS, type AuditAction } from './index';

export interface AuditItem {
  id: number;
  /** ISO with Z */
  date: string;
  action: AuditAction;
  /** the action in words */
  actionName: string;
  actor: { userId: number; name: string; via: 'portal' | 'key' };
  clientAddress: string | null;
  deviceId: number | null;
  target: { type: string; id: string; name: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AuditQuery {
  organizationId: number;
  elements: number;
  /** only entries strictly older than this (with lastElemId: the last item seen) */
  lastElemDate?: Date;
  lastElemId?: number;
  dateFrom?: Date;
  /** the actor's user number (an item's actor.userId) */
  userId?: number;
  actions?: AuditAction[];
  deviceId?: number;
}

/**
 * GET /organization/{id}/audit: the organization's administrative actions, newest first, for its
 * owner and administrators (lib/domain/policy: seeAudit); keyset pages on (date, id) like the
 * activity log, so any range opens at once.
 */
export async function listAudit(ctx: Ctx, q: AuditQuery): Promise<AuditItem[]> {
  await requireOrg(ctx, q.organizationId, 'seeAudit');
  const before = (q.lastElemDate ?? new Date(ctx.now().getTime() + 1)).toISOString();
  const cursor = q.lastElemId !== undefined ? sql`and (at, id) < (${before}::timestamptz, ${q.lastElemId})` : sql`and at < ${before}::timestamptz`;
  const rows = rowsOf<Record<string, unknown>>(
    await ctx.db.execute(sql`
      select id, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date, action, actor_num_id, actor_name, via, client_address,
             device_id, target_type, target_id, target_name, before, after
      from audit_log
      where organization_id = ${q.organizationId} ${cursor}
        ${q.dateFrom ? sql`and at >= ${q.dateFrom.toISOString()}::timestamptz` : sql``}
        ${q.userId !== undefined ? sql`and actor_num_id = ${q.userId}` : sql``}
        ${q.actions?.length ? sql`and action = any(${`{${q.actions.join(',')}}`}::text[])` : sql``}
        ${q.deviceId !== undefined ? sql`and device_id = ${q.deviceId}` : sql``}
      order by at desc, id desc
      limit ${q.elements}`),
  );
  const json = (v: unknown) => (v == null ? null : typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown> | null;
  return rows.map((r) => ({
    id: Number(r.id),
    date: String(r.date),
    action: r.action as AuditAction,
    actionName: AUDIT_ACTIONS[r.action as AuditAction] ?? String(r.action),
    actor: { userId: Number(r.actor_num_id), name: String(r.actor_name), via: r.via === 'key' ? 'key' : 'portal' },
    clientAddress: (r.client_address as string | null) ?? null,
    deviceId: r.device_id == null ? null : Number(r.device_id),
    target: { type: String(r.target_type), id: String(r.target_id), name: String(r.target_name) },
    before: json(r.before),
    after: json(r.after),
  }));
}
