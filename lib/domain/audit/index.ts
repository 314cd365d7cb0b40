import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { auditLog } from '@/db/schema';
import type { Ctx } from '../context';

import type { AuditAction } from '@/lib/shared/audit/actions';

export interface AuditEntry {
  action: AuditAction;
  /** the organization the object belongs to; with only `deviceId`, the device's organization */
  organizationId?: number | null;
  deviceId?: number | null;
  target: { type: string; id: string | number; name?: string | null };
  /** the object before and after, without secrets (never a PIN value, token or key) */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Records an administrative action. Call it with the transaction that makes the change, so the
 * entry exists exactly when the change does. One statement; the organization of a device is
 * looked up in it.
 */
export async function audit(db: Db, ctx: Ctx, e: AuditEntry): Promise<void> {
  const c = ctx.caller;
  const org =
    e.organizationId !== undefined
      ? sql`${e.organizationId}::int`
      : e.deviceId != null
        ? sql`(select organization_id from devices where id = ${e.deviceId})`
        : sql`null::int`;
  const json = (v: unknown) => (v == null ? sql`null` : sql`${JSON.stringify(v)}::jsonb`);
  await db.execute(sql`
    insert into ${auditLog} (organization_id, at, actor_user_id, actor_num_id, actor_name, via, actor_key_id, client_address, action, device_id, target_type, target_id, target_name, before, after)
    values (${org}, ${ctx.now().toISOString()}::timestamptz, ${c.userId}::uuid, ${c.userNumId}, ${c.displayName}, ${c.app ? 'app' : c.via === 'key' ? 'key' : 'portal'}, ${c.keyId ?? null}::uuid,
            ${ctx.client ?? null}, ${e.action}, ${e.deviceId ?? null}::int, ${e.target.type}, ${String(e.target.id)}, ${e.target.name ?? ''}, ${json(e.before)}, ${json(e.after)})`);
}

/** Only the fields that differ, for a change's before and after (null when nothing changed). */
export function changed<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } | null {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const k of Object.keys(after) as (keyof T)[]) {
    if (after[k] === undefined) continue;
    const x = before[k] instanceof Date ? (before[k] as Date).toISOString() : before[k];
    const y = after[k] instanceof Date ? (after[k] as Date).toISOString() : after[k];
    if (JSON.stringify(x) !== JSON.stringify(y)) {
      b[k] = x as T[keyof T];
      a[k] = y as T[keyof T];
    }
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

/**
 * A device's settings changed ('device.settings'), in the change's transaction: its name and zone
 * as they were (`device`) against `input`, with `more` of the kind's own settings; only the fields
 * that differ; nothing when none do (a rename to the same name, a save without a change).
 */
export async function auditSettings(
  db: Db,
  ctx: Ctx,
  device: { id: number; organizationId: number | null; name: string; timeZone: string },
  target: { type: 'lock' | 'bridge' | 'doorSensor'; name: string },
  input: { name?: string; timeZone?: string },
  more: { before: object; after: object } = { before: {}, after: {} },
): Promise<void> {
  const diff = changed(
    { name: device.name, timeZone: device.timeZone, ...more.before },
    { name: input.name, timeZone: input.timeZone, ...more.after },
  );
  if (diff)
    await audit(db, ctx, {
      action: 'device.settings',
      organizationId: device.organizationId,
      deviceId: device.id,
      target: { type: target.type, id: device.id, name: target.name },
      ...diff,
    });
}
