import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { devices, type Device } from '@/db/schema';
import { ActivityEvent, recordActivity } from '@/lib/domain/activity/record';
import { enqueueWebhookEvent } from '@/lib/domain/webhooks/outbox';
import { resolveAuthor } from './author';
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
 * Applies the outcome of a settled operation to the lock: final state, activity entry,
 * and the lock-status-changed webhook event, in the caller's transaction.
 */
export async function applyOutcome(tx: Db, op: SettledOp, result: number, at: Date): Promise<{ state: number; springSeconds: number; settings: unknown }> {
  const [d] = await tx.select().from(devices).where(eq(devices.id, op.deviceId));
  if (!d) return { state: LockState.unknown, springSeconds: 0, settings: {} };
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
  await tx.update(devices).set({ state, stateChangeResult: scr, lastStateChangedDate: at }).where(eq(devices.id, d.id));
  const author = await resolveAuthor(tx, op.userId, op.accessLinkId);
  await recordActivity(tx, { deviceId: d.id, event, source: 1, user: author.user, username: author.username, accessLinkId: author.accessLinkId, operationId: op.id, at });
  await enqueueWebhookEvent(tx, 'lock-status-changed', d, lockStatus({ ...d, state, stateChangeResult: scr, lastStateChangedDate: at }), at);
  return { state, springSeconds: springSeconds(d.settings), settings: d.settings };
}
