import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { deviceAccess } from '@/db/schema';
import { withinDates } from '../access/effective';

/** webhook-id: unique per message (event x subscription), kept on every retry. */
export const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

/**
 * The pending outbox events (claimed FOR UPDATE SKIP LOCKED, oldest first), each with the enabled
 * subscriptions that want it: its device's organization's, and those of users who can see the
 * device at `now` (a direct or group access within its dates, the rule of effectiveAccess). One
 * row per event and subscription, or one row with a null subscription for an event nobody wants.
 */
function pendingWithSubscribers(now: Date, limit: number) {
  const at = now.toISOString();
  const current = sql`${deviceAccess.deviceId} = ev.device_id and ${withinDates(now)}`;
  return sql`
    -- due at once: since the event happened, or now if this process's clock is behind the writer's
    select ev.id, least(ev.created, ${at}::timestamptz) as due, s.id as subscription_id
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
 * Fans pending outbox events out into one delivery per matching subscription. Rows are claimed
 * with FOR UPDATE SKIP LOCKED, so several processes split the work and each event is fanned out
 * once (the unique (outbox, subscription) index makes a repeat harmless anyway). Two statements
 * whatever the number of events: the claim with the subscribers, then the deliveries.
 */
export async function dispatchOutbox(db: Db, now: Date, limit = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const found = rowsOf<{ id: number | string; due: unknown; subscription_id: string | null }>(await tx.execute(pendingWithSubscribers(now, limit)));
    if (!found.length) return 0;
    const events = [...new Set(found.map((r) => String(r.id)))];
    const deliveries = found
      .filter((r) => r.subscription_id)
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
