import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';

/** Activity events (decisions.md) */
export const ActivityEvent = {
  lockedRemotely: 32,
  unlockedRemotely: 33,
  lockedButton: 34,
  unlockedButton: 35,
  lockedAuto: 36,
  lockedKnob: 38,
  unlockedKnob: 39,
  jammed: 40,
  chargingStarted: 46,
  chargingStopped: 50,
  pulledRemotely: 51,
  unlockedPin: 61,
  wrongPin: 62,
  pinOutsideTime: 75,
  doorOpened: 83,
  doorClosed: 84,
  doorOpenTooLong: 86,
  lockedLink: 226,
  unlockedLink: 228,
  pulledLink: 230,
  gateOpenedRemotely: 10000,
  gateOpenedLink: 10001,
  /** ours (decisions.md: above 20000): the keypad locked itself after too many wrong PINs */
  keypadLockedOut: 20007,
} as const;

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
 * The statement that writes one activity entry. Dates are unique per device: an entry lands 1 ms
 * after the newest one when they would collide, so paging by the last item's date never skips or
 * repeats. For a caller that writes it together with other changes in one statement.
 */
export function activityInsert(e: ActivityInput): SQL {
  const at = (e.at ?? new Date()).toISOString();
  return sql`
    insert into device_activity (device_id, user_id, user_num_id, username, event, source, date, access_link_id, operation_id)
    select ${e.deviceId}, ${e.user?.id ?? null}, ${e.user?.numId ?? 0}, ${e.user?.name ?? e.username ?? ''}, ${e.event}, ${e.source},
           greatest(${at}::timestamp(3), coalesce((select max(date) from device_activity where device_id = ${e.deviceId}), '-infinity'::timestamp) + interval '1 millisecond'),
           ${e.accessLinkId ?? null}, ${e.operationId ?? null}`;
}

/**
 * Writes one activity entry (`activityInsert`). Concurrent writers that still collide retry
 * against the unique index.
 */
export async function recordActivity(db: Db, e: ActivityInput): Promise<void> {
  const insert = activityInsert(e);
  for (let attempt = 0; ; attempt++) {
    try {
      await db.execute(insert);
      return;
    } catch (err) {
      const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
      if (code !== '23505' || attempt >= 8) throw err;
    }
  }
}
