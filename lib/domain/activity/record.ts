import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';

export interface ActivityInput {
  deviceId: number;
  event: number;
  /** 0 on the device itself, 1 remote */
  source: 0 | 1;
  /** author; omit for entries without an author */
  user?: { id: string; numId: number; name: string } | null;
  /** username of an entry without a user (a PIN's alias at the keypad); ignored when `user` is set */
  username?: string;
  /** for access-link entries, the link; username then names the link */
  accessLinkId?: string | null;
  operationId?: string | null;
  at?: Date;
}

/**
 * The date of a device's next entry: `at`, or 1 ms after the device's newest entry when that is not
 * earlier. Only entries from `at` on can be that late, so the read names `date >= at`: the
 * partitions of earlier months (the log is partitioned by month, migration 0022) are not looked at.
 */
export const activityDate = (deviceId: number, at: Date): SQL =>
  sql`greatest(${at.toISOString()}::timestamp(3), coalesce((select max(date) from device_activity where device_id = ${deviceId} and date >= ${at.toISOString()}::timestamp(3)), '-infinity'::timestamp) + interval '1 millisecond')`;

/**
 * The statement that writes one activity entry. Dates are unique per device: an entry lands 1 ms
 * after the newest one when they would collide, so paging by the last item's date never skips or
 * repeats. For a caller that writes it together with other changes in one statement; `when`
 * (a condition, e.g. `exists (select 1 from lock)`) writes it only if the change happened.
 * One statement holds at most one entry per device (both would take the same date).
 */
export function activityInsert(e: ActivityInput, when?: SQL): SQL {
  return sql`
    insert into device_activity (device_id, user_id, user_num_id, username, event, source, date, access_link_id, operation_id)
    select ${e.deviceId}, ${e.user?.id ?? null}, ${e.user?.numId ?? 0}, ${e.user?.name ?? e.username ?? ''}, ${e.event}, ${e.source},
           ${activityDate(e.deviceId, e.at ?? new Date())},
           ${e.accessLinkId ?? null}, ${e.operationId ?? null}
    ${when ? sql`where ${when}` : sql``}`;
}

/**
 * Writes one activity entry (`activityInsert`). A concurrent writer of the same device may take
 * the instant this entry wanted; the insert then writes nothing (`on conflict do nothing`, not an
 * error: an error would abort the caller's transaction, and a retry in it would fail on Postgres)
 * and is run again, when the newest date includes the other entry.
 */
export async function recordActivity(db: Db, e: ActivityInput): Promise<void> {
  const insert = sql`${activityInsert(e)} on conflict (device_id, date) do nothing returning 1 as written`;
  for (let attempt = 0; attempt < 10; attempt++) {
    if (rowsOf(await db.execute(insert)).length) return;
  }
  throw new Error(`activity of device ${e.deviceId}: no free instant after 10 attempts`);
}
