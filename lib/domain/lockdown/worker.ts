import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { lockdownLocks, lockdownSuspensions, lockPins } from '@/db/schema';
import { getGateway } from '@/lib/devices';
import { logError } from '@/lib/log';
import { OperationType } from '@/lib/shared/devices/codes';
import { periodicWorker } from '@/lib/workers';
import { operationProgress, startLockOperation } from '../devices/commands';
import { lockAddress } from '../devices/hardware';
import { isDomainError } from '../errors';
import { pinForLock } from '../pins/write';
import { lockdownHoldsOver } from './state';

/**
 * The lockdown's hands (issue 35): sends the lock command to each lock of an active lockdown until
 * the lock confirms it, takes the suspended PINs off the keypads while it holds, and puts them back
 * once it is lifted. Rows are claimed with a lease (`claimed_until`), so with several processes
 * each row is worked by one at a time, and a process that dies mid-way leaves it to the next pass
 * of any process. No transaction is held across a device round trip.
 */

const LEASE_MS = 30_000;

/** A lock command's failed outcomes (lib/devices/gateway.ts, OperationView.result), in words. */
const FAILED_AT_DOOR: Record<number, string> = {
  1: 'The lock jammed while locking.',
  2: 'The lock did not confirm in time.',
  3: 'Locking failed at the door.',
};
const BATCH = 50;

/** The end of the lease a pass takes on the rows it claims. */
const leaseEnd = (now: Date) => new Date(now.getTime() + LEASE_MS).toISOString();

/** Whether candidate row `c` is free to claim: never claimed, or its lease ran out. */
const leaseFree = (now: Date) => sql`(c.claimed_until is null or c.claimed_until < ${now.toISOString()}::timestamptz)`;

/** The lockdowns that hold over door `deviceId` (lockdownHoldsOver), as `l` beside the door `d`. */
const holdingOverDoor = (deviceId: number) =>
  sql`from lockdowns l join devices d on d.id = ${deviceId} where ${lockdownHoldsOver('d')}`;

interface Claimed {
  lockdown_id: string;
  device_id: number;
  operation_id: string | null;
  started_by: string | null;
}

/** One pass; returns whether a batch was full (more may wait). */
export async function lockdownPass(db: Db, now = new Date()): Promise<boolean> {
  const locks = await lockPass(db, now);
  const pins = await pinPass(db, now);
  return locks >= BATCH || pins >= BATCH;
}

async function lockPass(db: Db, now: Date): Promise<number> {
  const until = leaseEnd(now);
  const claimed = rowsOf<Claimed>(
    await db.execute(sql`
      update lockdown_locks ll set claimed_until = ${until}::timestamptz
      from lockdowns l
      where l.id = ll.lockdown_id and (ll.lockdown_id, ll.device_id) in (
        select c.lockdown_id, c.device_id from lockdown_locks c join lockdowns cl on cl.id = c.lockdown_id
        where cl.lifted_at is null and c.locked_at is null
          and ${leaseFree(now)}
        order by c.attempts, c.device_id limit ${BATCH} for update of c skip locked)
      returning ll.lockdown_id, ll.device_id, ll.operation_id, l.started_by`),
  );
  for (const c of claimed) {
    const row = and(eq(lockdownLocks.lockdownId, c.lockdown_id), eq(lockdownLocks.deviceId, c.device_id));
    try {
      if (c.operation_id) {
        const op = await operationProgress(db, c.operation_id, now);
        if (op?.status === 'PENDING') {
          await db.update(lockdownLocks).set({ claimedUntil: null }).where(row);
          continue;
        }
        if (op?.status === 'COMPLETED' && op.result === 0) {
          await db.update(lockdownLocks).set({ lockedAt: now, claimedUntil: null, lastError: null }).where(row);
          continue;
        }
        // it failed at the door: said so while the command goes again
        if (op?.status === 'COMPLETED')
          await db
            .update(lockdownLocks)
            .set({ lastError: FAILED_AT_DOOR[op.result ?? 3] ?? FAILED_AT_DOOR[3] })
            .where(row);
      }
      const r = await startLockOperation(db, {
        deviceId: c.device_id,
        type: OperationType.lock,
        userId: c.started_by,
      });
      await db
        .update(lockdownLocks)
        .set({ operationId: r.operationId, attempts: sql`${lockdownLocks.attempts} + 1`, claimedUntil: null })
        .where(row);
    } catch (e) {
      await db
        .update(lockdownLocks)
        .set({
          attempts: sql`${lockdownLocks.attempts} + 1`,
          operationId: null,
          claimedUntil: null,
          lastError: e instanceof Error ? e.message.slice(0, 300) : 'The lock did not take the command.',
        })
        .where(row);
    }
  }
  return claimed.length;
}

interface ClaimedPin {
  lockdown_id: string;
  ref: number;
  device_id: number;
  on_lock: number;
  attempts: number;
  lifted: boolean;
}

async function pinPass(db: Db, now: Date): Promise<number> {
  const until = leaseEnd(now);
  // to take off: on the lock while the lockdown holds; to put back: off the lock once it is lifted
  const claimed = rowsOf<ClaimedPin>(
    await db.execute(sql`
      update lockdown_suspensions s set claimed_until = ${until}::timestamptz
      from lockdowns l
      where l.id = s.lockdown_id and (s.lockdown_id, s.kind, s.ref) in (
        select c.lockdown_id, c.kind, c.ref from lockdown_suspensions c join lockdowns cl on cl.id = c.lockdown_id
        where c.kind = 'pin' and (c.on_lock = 1) = (cl.lifted_at is null)
          and ${leaseFree(now)}
        order by c.attempts limit ${BATCH} for update of c skip locked)
      returning s.lockdown_id, s.ref, s.device_id, s.on_lock, s.attempts, (l.lifted_at is not null) as lifted`),
  );
  for (const c of claimed) {
    const row = and(
      eq(lockdownSuspensions.lockdownId, c.lockdown_id),
      eq(lockdownSuspensions.kind, 'pin'),
      eq(lockdownSuspensions.ref, c.ref),
    );
    try {
      const lock = await lockAddress(db, c.device_id);
      if (!c.lifted) {
        await getGateway().writePin(db, lock, { kind: 'remove', pinId: c.ref });
        await db.update(lockdownSuspensions).set({ onLock: 0, claimedUntil: null, attempts: 0 }).where(row);
        continue;
      }
      const [pin] = await db.select().from(lockPins).where(eq(lockPins.id, c.ref));
      const held = pin ? await stillLockedDown(db, c.device_id) : false;
      // a PIN deleted or expired meanwhile stays off
      if (pin && !held && (!pin.endDate || pin.endDate > now))
        await getGateway().writePin(db, lock, { kind: 'add', pin: pinForLock(pin) });
      if (pin && held) {
        // another lockdown still holds over the door: it puts the PIN back when it is lifted
        await db.execute(sql`
          insert into lockdown_suspensions (lockdown_id, kind, ref, device_id, on_lock)
          select l.id, 'pin', ${c.ref}, ${c.device_id}, 0 ${holdingOverDoor(c.device_id)}
          limit 1 on conflict do nothing`);
      }
      await db.delete(lockdownSuspensions).where(row);
    } catch (e) {
      await db
        .update(lockdownSuspensions)
        .set({ attempts: sql`${lockdownSuspensions.attempts} + 1`, claimedUntil: null })
        .where(row);
      // once per PIN, and not for a lock busy with a command (the lockdown's own lock command, often);
      // the message only: a PIN change may carry a value, which must never reach a log
      if (Number(c.attempts) === 0 && !(isDomainError(e) && e.code === 'device_busy'))
        logError(
          c.on_lock === 1
            ? `lockdown: lock ${c.device_id} still keeps a suspended PIN; will retry`
            : `lockdown: could not put a PIN back on lock ${c.device_id}; will retry`,
          messageOnly(e),
        );
    }
  }
  return claimed.length;
}

const messageOnly = (e: unknown) => new Error(e instanceof Error ? e.message : 'device error');

async function stillLockedDown(db: Db, deviceId: number): Promise<boolean> {
  const [r] = rowsOf<{ held: boolean }>(
    await db.execute(sql`select exists (select 1 ${holdingOverDoor(deviceId)}) as held`),
  );
  return Boolean(r?.held);
}

/** Background worker (lib/workers/registry.ts). */
export const worker = periodicWorker(
  'lockdown',
  () => 2_000,
  (db) => lockdownPass(db),
  { atStart: true },
);
