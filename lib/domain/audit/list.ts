import { sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import type { Ctx } from '../context';
import { requireOrg } from '../policy/enforce';
import { AUDIT_ACTIONS, type AuditAction } from '@/lib/shared/audit/actions';
import type { AuditItem } from '@/lib/shared/audit/words';
import { anyText } from '@/db/arrays';

export type { AuditItem };

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
  /** a person by e-mail: what they did, and what was done to them (an access, an invitation, a role, a removal) */
  person?: string;
  /**
   * one site (issue 35): entries about a device now in it (a device moved since follows its new
   * site), and about the site itself (created, changed, devices moved in, deleted)
   */
  siteId?: number;
}

/**
 * GET /organization/{id}/audit: the organization's administrative actions, newest first, for its
 * owner and administrators (lib/shared/policy: seeAudit); keyset pages on (date, id) like the
 * activity log, so any range opens at once.
 */
export async function listAudit(ctx: Ctx, q: AuditQuery): Promise<AuditItem[]> {
  await requireOrg(ctx, q.organizationId, 'seeAudit');
  const before = (q.lastElemDate ?? new Date(ctx.now().getTime() + 1)).toISOString();
  const cursor =
    q.lastElemId !== undefined
      ? sql`and (a.at, a.id) < (${before}::timestamptz, ${q.lastElemId})`
      : sql`and a.at < ${before}::timestamptz`;
  const rows = rowsOf<Record<string, unknown>>(
    await ctx.db.execute(sql`
      select a.id, to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date, a.action, a.actor_num_id, a.actor_name, a.via, a.client_address,
             a.device_id, a.target_type, a.target_id, a.target_name, a.before, a.after,
             d.name as device_name, d.time_zone as device_zone, o.time_zone as org_zone,
             (select coalesce(jsonb_object_agg(x.id, x.name), '{}'::jsonb) from devices x
               where x.organization_id = a.organization_id
                 and x.id::text in (select jsonb_array_elements_text(coalesce(a.after->'deviceIds', '[]'::jsonb) || coalesce(a.before->'deviceIds', '[]'::jsonb))
                                    union all
                                    select (regexp_match(g, ' on device ([0-9]+)$'))[1] from jsonb_array_elements_text(coalesce(a.after->'grants', '[]'::jsonb)) g)) as device_names,
             (select coalesce(jsonb_object_agg(x.id, x.name), '{}'::jsonb) from user_groups x
               where x.organization_id = a.organization_id
                 and x.id::text in (select jsonb_array_elements_text(coalesce(a.after->'groupIds', '[]'::jsonb)))) as group_names
      from audit_log a
      left join devices d on d.id = a.device_id
      join organizations o on o.id = a.organization_id
      where a.organization_id = ${q.organizationId} ${cursor}
        ${q.dateFrom ? sql`and a.at >= ${q.dateFrom.toISOString()}::timestamptz` : sql``}
        ${q.userId !== undefined ? sql`and a.actor_num_id = ${q.userId}` : sql``}
        ${q.actions?.length ? sql`and ${anyText(sql`a.action`, q.actions)}` : sql``}
        ${q.deviceId !== undefined ? sql`and a.device_id = ${q.deviceId}` : sql``}
        ${
          q.siteId === undefined
            ? sql``
            : q.siteId === 0
              ? sql`and d.id is not null and d.site_id is null`
              : sql`and (d.site_id = ${q.siteId} or (a.target_type = 'site' and a.target_id = ${String(q.siteId)}))`
        }
        ${
          q.person
            ? sql`and (lower(a.target_name) = lower(${q.person})
                   or exists (select 1 from jsonb_array_elements_text(coalesce(a.after->'added', '[]'::jsonb) || coalesce(a.after->'removed', '[]'::jsonb)) e
                              where lower(e) = lower(${q.person}))
                   or a.actor_user_id = (select u.id from users u where lower(u.email) = lower(${q.person}) limit 1))`
            : sql``
        }
      order by a.at desc, a.id desc
      limit ${q.elements}`),
  );
  const json = (v: unknown) =>
    (v == null ? null : typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown> | null;
  const names = (v: unknown) => (json(v) ?? {}) as Record<string, string>;
  return rows.map((r) => ({
    id: Number(r.id),
    date: String(r.date),
    action: r.action as AuditAction,
    actionName: AUDIT_ACTIONS[r.action as AuditAction] ?? String(r.action),
    actor: {
      userId: Number(r.actor_num_id),
      name: String(r.actor_name),
      via: r.via === 'key' || r.via === 'app' ? r.via : 'portal',
    },
    clientAddress: (r.client_address as string | null) ?? null,
    deviceId: r.device_id == null ? null : Number(r.device_id),
    device: r.device_name == null ? null : { name: String(r.device_name), timeZone: String(r.device_zone) },
    timeZone: String(r.device_zone ?? r.org_zone ?? 'UTC'),
    names: { devices: names(r.device_names), groups: names(r.group_names) },
    target: { type: String(r.target_type), id: String(r.target_id), name: String(r.target_name) },
    before: json(r.before),
    after: json(r.after),
  }));
}
