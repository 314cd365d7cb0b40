import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import type { Device } from '@/db/schema';
import { ActivityEvent, activityInsert } from '@/lib/domain/activity/record';
import { webhookEventInsert } from '@/lib/domain/webhooks/outbox';
import type { Author } from './author';
import { springSeconds } from './spring';
import { LockState, lockStatus, OpResult, OpType, SimEvent, StateChangeResult } from './states';

export interface SettledOp {
  id: string;
  deviceId: number;
  type: number;
  mode: number | null;
  fromState: number | null;
  userId: string | null;
  accessLinkId: string | null;
}

const SUCCESS_EVENT: Record<number, [number, number]> = {
  // [remote, through an access link]
  [OpType.lock]: [ActivityEvent.lockedRemotely, ActivityEvent.lockedLink],
  [OpType.unlock]: [ActivityEvent.unlockedRemotely, ActivityEvent.unlockedLink],
  [OpType.pull]: [ActivityEvent.pulledRemotely, ActivityEvent.pulledLink],
};

function pullSpringEnabled(d: Device): boolean {
  return (d.settings as { pullSpringEnabled?: boolean }).pullSpringEnabled !== false;
}

/** Final state of a successful command (pull without a spring just unlocks). */
function successState(op: SettledOp, d: Device): number {
  if (op.type === OpType.lock) return LockState.locked;
  const s = d.settings as { autoPullSpringEnabled?: boolean };
  // mode 4 pulls a lock that was already unlocked; auto pull spring pulls after every unlock except mode 3
  const wantsPull =
    op.type === OpType.pull ||
    (op.mode === 4 && op.fromState === LockState.unlocked) ||
    (op.type === OpType.unlock && op.mode !== 3 && s.autoPullSpringEnabled === true);
  return wantsPull && pullSpringEnabled(d) ? LockState.pulled : LockState.unlocked;
}

/**
 * Applies the outcome of a settled operation, in one statement of the caller's transaction: the
 * operation's result, the lock's final state, the device slot freed (if this operation still holds
 * it), the activity entry and the lock-status-changed webhook event.
 */
export async function applyOutcome(
  tx: Db,
  op: SettledOp,
  d: Device,
  author: Author,
  result: number,
  at: Date,
): Promise<{ state: number; springSeconds: number; settings: unknown }> {
  let state: number;
  let scr: number;
  let event: number;
  if (result === OpResult.ok) {
    state = successState(op, d);
    scr = StateChangeResult.ok;
    event = SUCCESS_EVENT[op.type][op.accessLinkId ? 1 : 0];
  } else if (result === OpResult.jammed) {
    state = LockState.semiLocked;
    scr = StateChangeResult.jammed;
    event = ActivityEvent.jammed;
  } else {
    state = op.fromState ?? LockState.unknown;
    scr = result;
    event = result === OpResult.timedOut ? SimEvent.remoteCommandTimedOut : SimEvent.remoteCommandFailed;
  }
  const when = at.toISOString();
  const activity = activityInsert({ deviceId: d.id, event, source: 1, user: author.user, username: author.username, accessLinkId: author.accessLinkId, operationId: op.id, at });
  const webhook = webhookEventInsert('lock-status-changed', d, lockStatus({ ...d, state, stateChangeResult: scr, lastStateChangedDate: at }), at);
  await tx.execute(sql`
    with result as (update device_operations set result = ${result} where id = ${op.id}::uuid),
    lock as (
      update devices set state = ${state}, state_change_result = ${scr}, last_state_changed_date = ${when}::timestamptz,
        busy_until = case when busy_operation_id = ${op.id}::uuid then null else busy_until end,
        busy_operation_id = case when busy_operation_id = ${op.id}::uuid then null else busy_operation_id end
      where id = ${d.id}
    ),
    activity as (${activity})
    ${webhook ?? sql`select 1`}`);
  return { state, springSeconds: springSeconds(d.settings), settings: d.settings };
}
