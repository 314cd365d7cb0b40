import { eq, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import { rowsOf, type Db } from '@/db/client';
import { bridgeLinks } from '@/db/schema';
import { bridgeReconcileMs } from '@/lib/config/bridges';
import { getGateway, type BridgeAddress, type BridgeSnapshot } from '@/lib/devices';
import { LockState, OpResult } from '@/lib/shared/devices/codes';
import { logError } from '@/lib/log';
import { isDomainError, RetryableConflict } from '../errors';
import { openSealed } from './bridge-links';
import { bridgeScope, callbackUrl, freshness, markRead } from './bridge-events';
import { bridgeAddress, lockAddress } from './hardware';
import { overdue } from './overdue';
import { deviceReports } from './reports';
import { anyInt } from '@/db/arrays';

/**
 * Repairing what the network lost (docs/devices.md, "When the network fails"). Events are the fast
 * path; these are the slow one that bounds how long a lost one stays lost:
 * - every bridge is re-read at least every BRIDGE_RECONCILE_MS (GET /bridge: is it there and
 *   connected; GET /callback: is our callback still registered, else again (a bridge that
 *   restarted forgot it); GET /lock: each lock's state, door, battery and link), by one process
 *   at a time (a claim in bridge_links, taken with skip locked);
 * - an operation still pending past its time is settled from GET /lock/{id}, or as not confirmed
 *   when the bridge does not answer (the read path does it for what it shows, the worker for all).
 */

const ref = (d: { id: number; type: number }) => ({ id: d.id, type: d.type });

/** Registers the service's callback at the bridge unless it is there (by its URL); keeps its id. */
export async function ensureCallback(db: Db, bridge: BridgeAddress): Promise<number> {
  const gw = getGateway();
  const url = callbackUrl(bridge.id);
  const [link] = await db.select().from(bridgeLinks).where(eq(bridgeLinks.bridgeId, bridge.id));
  if (!link) throw new Error(`bridge ${bridge.id} has no link`);
  const ours = (await gw.listCallbacks(bridge)).find((c) => c.url === url);
  const id =
    ours?.id ??
    (await gw.registerCallback(bridge, {
      url,
      secret: openSealed(link.callbackSecretCiphertext, bridge.id),
    }));
  if (link.callbackId !== id)
    await db.update(bridgeLinks).set({ callbackId: id }).where(eq(bridgeLinks.bridgeId, bridge.id));
  return id;
}

/** Reports a snapshot of a bridge's locks, each kind of news only where no newer event was seen, then marks it read. */
export async function applyBridgeSnapshot(
  db: Db,
  bridge: { id: number; type: number },
  snapshot: Pick<BridgeSnapshot, 'at' | 'locks'>,
) {
  const fresh = await freshness(db, bridge.id, snapshot.at);
  const read = await getGateway().applySnapshot(db, await bridgeScope(db, ref(bridge)), snapshot, fresh);
  await markRead(db, bridge.id, read, snapshot.at);
}

/**
 * Re-reads one bridge: its connectivity (offline when it does not answer), its callback, its
 * capabilities and its locks. Never throws for the bridge's sake: a bridge that fails is shown so.
 */
export async function reconcileBridge(
  db: Db,
  bridgeId: number,
  now = new Date(),
): Promise<'read' | 'offline' | 'unknown'> {
  const bridge = await bridgeAddress(db, bridgeId);
  if (!bridge) return 'unknown';
  const gw = getGateway();
  let snapshot: BridgeSnapshot;
  try {
    snapshot = await gw.readBridge(bridge);
  } catch (e) {
    if (!isDomainError(e)) throw e;
    if (bridge.isConnected !== false)
      await deviceReports.connectionChanged(db, { bridge: ref(bridge), connected: false, at: now });
    await db.update(bridgeLinks).set({ reconciledAt: now }).where(eq(bridgeLinks.bridgeId, bridgeId));
    return 'offline';
  }
  if (snapshot.isConnected !== (bridge.isConnected === true))
    await deviceReports.connectionChanged(db, {
      bridge: ref(bridge),
      connected: snapshot.isConnected,
      at: snapshot.at,
    });
  try {
    await ensureCallback(db, bridge);
  } catch (e) {
    if (!isDomainError(e)) throw e;
    logError(`bridge ${bridgeId}: its callback could not be registered`, e);
  }
  await applyBridgeSnapshot(db, bridge, snapshot);
  const caps = [...snapshot.capabilities].sort();
  await db.update(bridgeLinks).set({ reconciledAt: now, capabilities: caps }).where(eq(bridgeLinks.bridgeId, bridgeId));
  return 'read';
}

/**
 * The bridges due for a re-read (none read for BRIDGE_RECONCILE_MS), claimed so that one process
 * reads each; a claim of a process that died expires after a minute. Returns how many were read.
 */
export async function reconcileDue(db: Db, now = new Date(), only?: number[]): Promise<number> {
  const due = rowsOf<{ bridge_id: number }>(
    await db.execute(sql`
      update bridge_links set claimed_until = ${new Date(now.getTime() + 60_000).toISOString()}::timestamptz
      where bridge_id in (
        select bridge_id from bridge_links
        where (reconciled_at is null or reconciled_at <= ${new Date(now.getTime() - bridgeReconcileMs()).toISOString()}::timestamptz)
          and (claimed_until is null or claimed_until < ${now.toISOString()}::timestamptz)
          ${only ? sql`and ${anyInt(sql`bridge_id`, only)}` : sql``}
        order by reconciled_at nulls first limit 50
        for update skip locked)
      returning bridge_id`),
  );
  const limit = pLimit(4);
  await Promise.all(
    due.map((d) =>
      limit(async () => {
        try {
          await reconcileBridge(db, d.bridge_id, now);
        } catch (e) {
          logError(`bridge ${d.bridge_id}: re-read failed`, e);
        } finally {
          await db.update(bridgeLinks).set({ claimedUntil: null }).where(eq(bridgeLinks.bridgeId, d.bridge_id));
        }
      }),
    ),
  );
  return due.length;
}

/**
 * Settles the operations of these locks (all locks when none are named) still pending past their
 * time: the lock's state as its bridge says it now finishes them (where it ended judges the
 * result), or, when the bridge cannot tell, they end as not confirmed (result 2) where they began.
 */
export async function settleOverdue(db: Db, now = new Date(), deviceIds?: number[]): Promise<number> {
  if (deviceIds && !deviceIds.length) return 0;
  const due = rowsOf<{ device_id: number }>(
    await db.execute(sql`
      select distinct device_id from device_operations
      where ${overdue(now)}
        ${deviceIds ? sql`and ${anyInt(sql`device_id`, deviceIds)}` : sql``}
      limit 200`),
  );
  for (const { device_id } of due) {
    try {
      await settleLock(db, device_id, now);
    } catch (e) {
      logError(`lock ${device_id}: settling its overdue command failed`, e);
    }
  }
  return due.length;
}

async function settleLock(db: Db, deviceId: number, now: Date) {
  const lock = await lockAddress(db, deviceId);
  const gw = getGateway();
  try {
    const s = await gw.readLock(lock);
    if (lock.bridge) await applyBridgeSnapshot(db, lock.bridge, { at: s.at, locks: [s] });
  } catch (e) {
    if (!isDomainError(e)) throw e;
  }
  // what the lock's answer did not finish (it still works on it, or could not be asked): wait no longer
  await timeOut(db, deviceId, now);
}

/** Overdue operations of a lock whose bridge cannot tell: not confirmed (2), the lock where it was. */
async function timeOut(db: Db, deviceId: number, now: Date) {
  const ops = rowsOf<{ id: string; type: number; from_state: number | null; door_state: number | null }>(
    await db.execute(sql`
      select device_operations.id, d.type, device_operations.from_state, d.door_state
      from device_operations join devices d on d.id = device_operations.device_id
      where device_operations.device_id = ${deviceId} and ${overdue(now)}`),
  );
  for (const op of ops) {
    for (let attempt = 0; ; attempt++) {
      try {
        await db.transaction((tx) =>
          deviceReports.commandFinished(tx, {
            operationId: op.id,
            device: { id: deviceId, type: op.type },
            result: OpResult.timedOut,
            state: op.from_state ?? LockState.unknown,
            doorState: op.door_state,
            at: now,
          }),
        );
        break;
      } catch (e) {
        if (!(e instanceof RetryableConflict) || attempt >= 8) throw e;
      }
    }
  }
}
