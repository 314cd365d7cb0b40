import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { deviceAccess } from '@/db/schema';
import { candidatesFromJson, candidatesJson, effectiveOf, withinDates } from '../access/effective';
import { may } from '@/lib/shared/policy';

/** webhook-id: unique per message (event x subscription), kept on every retry. */
export const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

interface Pending {
  id: number | string;
  due: unknown;
  created: unknown;
  subscription_id: string | null;
  /** a user's subscription: that user's candidate accesses to the device when the event happened */
  candidates: unknown;
  time_zone: string | null;
}

/**
 * The pending outbox events (claimed FOR UPDATE SKIP LOCKED, oldest first), each with the enabled
 * subscriptions that may want it: its device's organization's, and those of users with an access
 * to the device within its dates when the event happened, with those accesses (the policy then
 * decides, in `dispatchOutbox`). One row per event and subscription, or one row with a null
 * subscription for an event nobody wants.
 */
function pendingWithSubscribers(db: Db, now: Date, limit: number) {
  const at = now.toISOString();
  const then = sql`ev.created`;
  const current = sql`${deviceAccess.deviceId} = ev.device_id and ${withinDates(then)}`;
  return sql`
    -- due at once: since the event happened, or now if this process's clock is behind the writer's
    select ev.id, least(ev.created, ${at}::timestamptz) as due, ev.created, s.id as subscription_id, d.time_zone,
      case when s.user_id is null then null else ${candidatesJson(db, { userId: sql`s.user_id`, deviceId: sql`ev.device_id`, now: then })} end as candidates
    from (
      select id, event, device_id, created from webhook_outbox
      where dispatched_at is null order by id limit ${limit} for update skip locked
    ) ev
    left join devices d on d.id = ev.device_id
    left join webhook_subscriptions s on s.enabled and s.events @> array[ev.event] and (
      s.organization_id = d.organization_id
      or s.user_id in (select ${deviceAccess.userId} from ${deviceAccess} where ${current} and ${deviceAccess.userId} is not null)
      or s.user_id in (
        select ou.user_id from ${deviceAccess}
        join user_group_members m on m.group_id = ${deviceAccess.groupId}
        join organization_users ou on ou.id = m.organization_user_id
        where ${current}))
    order by ev.id`;
}

/**
 * Whether the subscription gets the event: an organization's always (its administrators manage its
 * devices); a user's only when the policy lets that user receive the device's events at the
 * moment it happened (lib/shared/policy: receiveEvents, their access active then), so a guest's
 * integration does not track the door outside the guest's hours.
 */
function wanted(r: Pending): boolean {
  if (!r.subscription_id) return false;
  if (r.candidates === null) return true;
  const at = new Date(r.created as string);
  return may('receiveEvents', effectiveOf(candidatesFromJson(r.candidates), r.time_zone ?? 'UTC', at), at);
}

/**
 * Fans pending outbox events out into one delivery per matching subscription. Rows are claimed
 * with FOR UPDATE SKIP LOCKED, so several processes split the work and each event is fanned out
 * once (the unique (outbox, subscription) index makes a repeat harmless anyway). Two statements
 * whatever the number of events: the claim with the subscribers, then the deliveries.
 */
export async function dispatchOutbox(db: Db, now: Date, limit = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const found = rowsOf<Pending>(await tx.execute(pendingWithSubscribers(tx, now, limit)));
    if (!found.length) return 0;
    const events = [...new Set(found.map((r) => String(r.id)))];
    const deliveries = found
      .filter(wanted)
      .map((r) => ({ message_id: newMessageId(), outbox_id: r.id, subscription_id: r.subscription_id, due: r.due }));
    const at = now.toISOString();
    await tx.execute(sql`
      with dispatched as (update webhook_outbox set dispatched_at = ${at}::timestamptz where id = any(string_to_array(${events.join(',')}, ',')::bigint[]))
      insert into webhook_deliveries (message_id, outbox_id, subscription_id, next_attempt_at, created)
      select r.message_id, r.outbox_id, r.subscription_id, r.due, ${at}::timestamptz
      from json_to_recordset(${JSON.stringify(deliveries)}::json) as r(message_id text, outbox_id bigint, subscription_id uuid, due timestamptz)
      on conflict do nothing`);
    return events.length;
  });
}
