import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import type { DeviceRef } from '@/lib/devices/gateway';
import { webhookEventInsert, type WebhookEvent } from '../../webhooks/outbox';

/** The fields a lock-status-changed event carries (docs/webhooks.md). */
export function lockStatus(s: { state: number | null; doorState: number | null; stateChangeResult: number | null; lastStateChangedDate: Date | null }) {
  return {
    state: s.state,
    doorState: s.doorState,
    stateChangeResult: s.stateChangeResult,
    lastStateChangedDate: s.lastStateChangedDate?.toISOString() ?? null,
  };
}

export const iso = (d: Date) => d.toISOString();

/** `select 1` when there is nothing else to end a statement of data-modifying CTEs with. */
export const orNothing = (s: SQL | null): SQL => s ?? sql`select 1`;

/** The webhook insert, guarded by `when`; `select 1` for an event that is dropped (transient states). */
export function webhook(event: WebhookEvent, device: DeviceRef, changed: Record<string, unknown>, at: Date, when?: SQL): SQL {
  return orNothing(webhookEventInsert(event, device, changed, at, when));
}

/** Runs a statement ending in `select <applied> as applied`: did the guarded change happen? */
export async function applied(db: Db, statement: SQL): Promise<boolean> {
  const [row] = rowsOf<{ applied: boolean }>(await db.execute(statement));
  return row?.applied === true;
}
