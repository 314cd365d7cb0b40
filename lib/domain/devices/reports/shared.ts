import { sql, type SQL } from 'drizzle-orm';
import { atomically, rowsOf, type Db } from '@/db/client';
import { violatedUniqueColumns, violatedUniqueIndex } from '@/db/errors';
import { deviceActivity } from '@/db/schema';
import type { DeviceRef } from '@/lib/devices/gateway';
import type { WebhookEvent } from '@/lib/shared/webhooks/events';
import { webhookEventInsert } from '../../webhooks/outbox';

/** The fields a lock-status-changed event carries (docs/webhooks.md). */
export function lockStatus(s: {
  state: number | null;
  doorState: number | null;
  stateChangeResult: number | null;
  lastStateChangedDate: Date | null;
}) {
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
export function webhook(
  event: WebhookEvent,
  device: DeviceRef,
  changed: Record<string, unknown>,
  at: Date,
  when?: SQL,
): SQL {
  return orNothing(webhookEventInsert(event, device, changed, at, when));
}

/** Runs a statement ending in `select <applied> as applied`: did the guarded change happen? */
export async function applied(db: Db, statement: SQL): Promise<boolean> {
  const [row] = rowsOf<{ applied: boolean }>(await db.execute(statement));
  return row?.applied === true;
}

/**
 * Two writers gave one device's activity the same instant: the log's unique (device_id, date)
 * refused the second. Known by the key Postgres names in the refusal, since the index that refuses
 * is a partition's copy (the log is partitioned by month, migration 0022) under a name Postgres
 * makes up; by that name only when the refusal names no key.
 */
export function isDateClash(e: unknown): boolean {
  const columns = violatedUniqueColumns(e);
  if (columns) return columns.length === 2 && columns[0] === DATE_KEY[0] && columns[1] === DATE_KEY[1];
  const index = violatedUniqueIndex(e);
  return index !== undefined && DATE_INDEX.test(index);
}

const DATE_KEY = [deviceActivity.deviceId.name, deviceActivity.date.name];

/** The table's index, or a month's, before's or after's copy of it, as Postgres names them today. */
const DATE_INDEX = /^(activity_device_date_uq|device_activity_(p\d{6}|before|after)_device_id_date_idx\d*)$/;

/**
 * Runs a report whole (`atomically`: a savepoint inside the caller's transaction), and again when a
 * concurrent writer took the instant its activity entry wanted: each statement reads the newest
 * date as of its own start, so two writers of one device can pick the same next millisecond.
 */
export async function clashSafe<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await atomically(db, work);
    } catch (e) {
      if (!isDateClash(e) || attempt >= 8) throw e;
    }
  }
}
