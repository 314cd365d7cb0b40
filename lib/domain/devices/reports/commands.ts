import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { ActivityEvent, ActivitySource, LockState, OperationType, OpResult } from '@/lib/shared/devices/codes';
import type { DeviceReports } from '@/lib/devices/gateway';
import { RetryableConflict } from '../../errors';
import { applied, clashSafe, isDateClash, iso, lockStatus, webhook } from './shared';
import { activityDate } from '@/lib/domain/activity/record';

type R<K extends keyof DeviceReports> = Parameters<DeviceReports[K]>[1];

/**
 * Remote commands as the service records them. These run on the hot path of every unlock, so
 * each is one statement of data-modifying CTEs (docs/conventions.md, "Hot writes").
 */

/**
 * The service sends a command: the operation is recorded and the lock shows the transitional
 * state, unless another operation of it is still pending (the lock will refuse this one as busy,
 * and the state shown stays the one of the command it works on).
 */
export async function commandAccepted(db: Db, r: R<'commandAccepted'>): Promise<void> {
  await db.execute(sql`
    with op as (
      insert into device_operations (id, device_id, type, mode, from_state, user_id, access_link_id, by_timetable, created, complete_at)
      values (${r.operationId}::uuid, ${r.device.id}, ${r.type}, ${r.mode}::int, ${r.fromState}::int,
              ${r.userId}::uuid, ${r.accessLinkId}::uuid, ${r.byTimetable ?? false}::boolean, ${iso(r.at)}::timestamptz, ${iso(r.expectedEnd)}::timestamptz)
    )
    update devices set state = ${r.state}, last_state_changed_date = ${iso(r.at)}::timestamptz
    where id = ${r.device.id}
      and not exists (select 1 from device_operations p where p.device_id = ${r.device.id} and p.status = 'PENDING' and p.id <> ${r.operationId}::uuid)`);
}

/** The transitional state of an operation type, in SQL over an operation row's `type`. */
const transitionalOf = (type: SQL) =>
  sql`case ${type} when ${n(T.lock)} then ${n(LockState.locking)} when ${n(T.unlock)} then ${n(LockState.unlocking)} else ${n(LockState.pulling)} end`;

/**
 * The lock refused the command (busy with another): it never happened. Its operation goes; the lock
 * shows the state of the command it does work on, or the one before, if it still shows this one's.
 */
export async function commandRefused(db: Db, r: R<'commandRefused'>): Promise<void> {
  await db.execute(sql`
    with gone as (
      delete from device_operations where id = ${r.operationId}::uuid and status = 'PENDING'
      returning device_id, type, from_state
    )
    update devices d set state = coalesce(
      (select ${transitionalOf(sql`o.type`)} from device_operations o
        where o.device_id = d.id and o.status = 'PENDING' and o.id <> ${r.operationId}::uuid order by o.created desc limit 1),
      gone.from_state, d.state)
    from gone
    where d.id = gone.device_id and d.state = ${transitionalOf(sql`gone.type`)}`);
}

// codes as SQL literals (constants of lib/shared/devices/codes: typed as integers, no parameter to plan around)
const n = (v: number) => sql.raw(String(Math.trunc(v)));
const E = ActivityEvent;
const T = OperationType;
const viaLink = (remote: number, link: number) =>
  sql`case when o.access_link_id is null then ${n(remote)} else ${n(link)} end`;

// the activity event of a finished command, by result, operation type and whether a link sent it
const eventOf = (result: number) =>
  result === OpResult.ok
    ? sql`case o.type when ${n(T.lock)} then ${viaLink(E.lockedRemotely, E.lockedLink)}
                      when ${n(T.unlock)} then ${viaLink(E.unlockedRemotely, E.unlockedLink)}
                      else ${viaLink(E.pulledRemotely, E.pulledLink)} end`
    : n(
        result === OpResult.jammed
          ? E.jammed
          : result === OpResult.timedOut
            ? E.remoteCommandTimedOut
            : E.remoteCommandFailed,
      );

/**
 * The author of an operation's entry, from the operation row `o`: its user, or for an access link
 * no user and the link's name (so the log names the link even after a rename or delete), or for a
 * lock's timetable (issue 35) no user and "Timetable".
 */
const authorColumns = sql`
  case when o.access_link_id is null then u.id end,
  case when o.access_link_id is null then coalesce(u.num_id, 0) else 0 end,
  case when o.access_link_id is not null then coalesce(l.name, '') when o.by_timetable then 'Timetable' else coalesce(u.display_name, '') end`;
const authorJoins = sql`left join users u on u.id = o.user_id left join access_links l on l.id = o.access_link_id`;

/**
 * The command finished: its result, the lock's final state, the activity entry and the lock-status-changed event, exactly once
 * (false when another process settled it first). One statement in the adapter's transaction, no
 * savepoint (it is on every unlock's path): when a concurrent writer took its activity instant it
 * throws RetryableConflict, and the adapter runs its whole settle again.
 */
export async function commandFinished(db: Db, r: R<'commandFinished'>): Promise<boolean> {
  const scr = r.result;
  const statement = sql`
    with o as (
      update device_operations set status = 'COMPLETED', result = ${r.result}, completed_at = ${iso(r.at)}::timestamptz
      where id = ${r.operationId}::uuid and status = 'PENDING'
      returning id, type, user_id, access_link_id, by_timetable
    ),
    lock as (
      update devices set state = ${r.state}, state_change_result = ${scr}, last_state_changed_date = ${iso(r.at)}::timestamptz
      where id = ${r.device.id} and exists (select 1 from o)
      returning id
    ),
    activity as (
      insert into device_activity (device_id, user_id, user_num_id, username, event, source, date, access_link_id, operation_id)
      select ${r.device.id}, ${authorColumns}, ${eventOf(r.result)}, ${n(ActivitySource.remote)}, ${activityDate(r.device.id, r.at)}, o.access_link_id, o.id
      from o ${authorJoins}
    ),
    event as (${webhook('lock-status-changed', r.device, lockStatus({ state: r.state, doorState: r.doorState, stateChangeResult: scr, lastStateChangedDate: r.at }), r.at, sql`exists (select 1 from o)`)})
    select exists (select 1 from o) as applied`;
  try {
    return await applied(db, statement);
  } catch (e) {
    throw isDateClash(e) ? new RetryableConflict(e) : e;
  }
}

/** The external gate system opened a gate: the operation, completed, and its activity entry. */
export async function gateOpened(db: Db, r: R<'gateOpened'>): Promise<void> {
  await clashSafe(db, (tx) =>
    tx.execute(sql`
    with o as (
      insert into device_operations (id, device_id, type, status, result, user_id, access_link_id, created, complete_at, completed_at)
      values (${r.operationId}::uuid, ${r.device.id}, ${n(T.unlock)}, 'COMPLETED', ${n(OpResult.ok)}, ${r.userId}::uuid, ${r.accessLinkId}::uuid,
              ${iso(r.requestedAt)}::timestamptz, ${iso(r.at)}::timestamptz, ${iso(r.at)}::timestamptz)
      returning id, type, user_id, access_link_id, by_timetable
    )
    insert into device_activity (device_id, user_id, user_num_id, username, event, source, date, access_link_id, operation_id)
    select ${r.device.id}, ${authorColumns},
      ${viaLink(E.gateOpenedRemotely, E.gateOpenedLink)}, ${n(ActivitySource.remote)}, ${activityDate(r.device.id, r.at)}, o.access_link_id, o.id
    from o ${authorJoins}`),
  );
}
