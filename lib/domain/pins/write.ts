import { and, eq } from 'drizzle-orm';
import { lockPins } from '@/db/schema';
import { decryptSecret, encryptSecret } from '@/lib/crypto/secrets';
import type { Ctx } from '../context';
import { audit, changed } from '../audit';
import { NotAcceptable, NotFound, PreconditionFailed } from '../errors';
import { DUPLICATE_MESSAGE, managedLock, sendThenCommit } from './flow';
import { checkPinBody, type PinBody } from './input';
import { MAX_PINS_PER_LOCK } from '@/lib/shared/pins/rules';
import { requireDelegable } from '../access/delegation';
import { pinPower } from '@/lib/shared/policy';
import { enforceGrantChange, grantorOn } from '../policy/enforce';
import { findPin, pinCount, pinHash, reservePinId, valueTaken } from './store';

/** What the audit log keeps of a PIN: never its value, only that it changed. */
const pinFacts = (p: {
  alias?: string;
  startDate?: Date | null;
  endDate?: Date | null;
  weekDays?: number | null;
  dayStartTime?: Date | null;
  dayEndTime?: Date | null;
}) => ({
  alias: p.alias,
  startDate: p.startDate ?? null,
  endDate: p.endDate ?? null,
  weekDays: p.weekDays ?? null,
  dayStartTime: p.dayStartTime ?? null,
  dayEndTime: p.dayEndTime ?? null,
});

/** When a PIN may open, as the lock's keypad judges it (the lock keeps its PINs with their schedules); only what is set. */
const scheduleOf = (p: {
  startDate: Date | null;
  endDate: Date | null;
  dayStartTime: Date | null;
  dayEndTime: Date | null;
  weekDays: number | null;
}) =>
  Object.fromEntries(
    (['startDate', 'endDate', 'dayStartTime', 'dayEndTime', 'weekDays'] as const)
      .filter((k) => p[k] !== null && p[k] !== undefined)
      .map((k) => [k, p[k]]),
  ) as Partial<typeof p>;

/** A stored PIN as it goes back to its lock (a lockdown lifted, issue 35): its value decrypted, its schedule. */
export const pinForLock = (row: Parameters<typeof scheduleOf>[0] & { id: number; valueCiphertext: string }) => ({
  ...scheduleOf(row),
  id: row.id,
  value: decryptSecret(row.valueCiphertext, 'lock_pins', row.id),
});

const FULL_MESSAGE = `This lock already holds ${MAX_PINS_PER_LOCK} PINs, the most it can keep. Delete one first.`;

/** Checks that need the database, asked before the lock is bothered and again inside the commit. */
async function refuseConflicts(db: Ctx['db'], deviceId: number, pin: string, pinId?: number) {
  if (await valueTaken(db, deviceId, pin, pinId)) throw NotAcceptable(DUPLICATE_MESSAGE);
  if (pinId === undefined && (await pinCount(db, deviceId)) >= MAX_PINS_PER_LOCK)
    throw PreconditionFailed(FULL_MESSAGE);
}

/** POST /my/lock/{id}/pin: a new PIN on the lock. */
export async function createPin(ctx: Ctx, deviceId: number, body: PinBody): Promise<{ id: number }> {
  const lock = await managedLock(ctx, deviceId, 'add PINs');
  const input = checkPinBody(body, ctx.now(), lock.timeZone);
  // a PIN opens the door at the keypad in its schedule: only for someone who holds that now
  await requireDelegable(ctx, [{ deviceId, power: pinPower(input) }], 'make this PIN');
  await refuseConflicts(ctx.db, deviceId, input.pin);
  const id = await reservePinId(ctx.db); // the lock keys its PINs by our id
  return sendThenCommit(
    ctx.db,
    deviceId,
    { kind: 'add', pin: { ...scheduleOf(input), id, value: input.pin } },
    async (tx) => {
      await refuseConflicts(tx, deviceId, input.pin);
      const { pin, ...rest } = input;
      await tx.insert(lockPins).values({
        id,
        deviceId,
        ...rest,
        valueCiphertext: encryptSecret(pin, 'lock_pins', id),
        valueHmac: pinHash(deviceId, pin),
        createdBy: ctx.caller.userId,
      });
      await audit(tx, ctx, {
        action: 'pin.create',
        deviceId,
        target: { type: 'pin', id, name: rest.alias },
        after: pinFacts(rest),
      });
      return { id };
    },
    { kind: 'remove', pinId: id },
  );
}

/** PUT /my/lock/{id}/pin/{pinId}: replaces alias, value and schedule (omitted schedule = none). */
export async function updatePin(ctx: Ctx, deviceId: number, pinId: number, body: PinBody): Promise<void> {
  const lock = await managedLock(ctx, deviceId, 'change PINs');
  const before = await findPin(ctx.db, deviceId, pinId);
  const input = checkPinBody(body, ctx.now(), lock.timeZone);
  // narrowing a PIN is any manager's; widening it (a schedule or an end removed) is held to what the caller holds
  const g = (await grantorOn(ctx, [deviceId])).get(deviceId)!;
  const { widens } = enforceGrantChange(g, pinPower(before), pinPower(input), ctx.now(), {
    device: g.device,
    what: 'widen this PIN',
  });
  await refuseConflicts(ctx.db, deviceId, input.pin, pinId);
  // Even an alias-only change is sent: the lock confirms it still holds the PIN (and the
  // contract gives PUT the device statuses 408/409/428).
  await sendThenCommit(
    ctx.db,
    deviceId,
    { kind: 'update', pin: { ...scheduleOf(input), id: pinId, value: input.pin } },
    async (tx) => {
      await refuseConflicts(tx, deviceId, input.pin, pinId);
      const { pin, ...rest } = input;
      const done = await tx
        .update(lockPins)
        .set({
          ...rest,
          valueCiphertext: encryptSecret(pin, 'lock_pins', pinId),
          valueHmac: pinHash(deviceId, pin),
          updated: ctx.now(),
          ...(widens ? { createdBy: ctx.caller.userId } : {}),
        })
        .where(and(eq(lockPins.id, pinId), eq(lockPins.deviceId, deviceId)))
        .returning({ id: lockPins.id });
      if (done.length === 0) throw NotFound('PIN'); // deleted while the lock worked
      const valueChanged = decryptSecret(before.valueCiphertext, 'lock_pins', pinId) !== pin;
      const diff = changed(
        { ...pinFacts(before), value: 'unchanged' },
        { ...pinFacts(rest), value: valueChanged ? 'changed' : 'unchanged' },
      );
      if (diff)
        await audit(tx, ctx, {
          action: 'pin.update',
          deviceId,
          target: { type: 'pin', id: pinId, name: rest.alias },
          ...diff,
        });
    },
    {
      kind: 'update',
      pin: pinForLock({ ...before, id: pinId }),
    },
  );
}

/** DELETE /my/lock/{id}/pin/{pinId} */
export async function deletePin(ctx: Ctx, deviceId: number, pinId: number): Promise<void> {
  await managedLock(ctx, deviceId, 'delete PINs');
  const before = await findPin(ctx.db, deviceId, pinId);
  await sendThenCommit(
    ctx.db,
    deviceId,
    { kind: 'remove', pinId },
    async (tx) => {
      const done = await tx
        .delete(lockPins)
        .where(and(eq(lockPins.id, pinId), eq(lockPins.deviceId, deviceId)))
        .returning({ id: lockPins.id });
      if (done.length === 0) throw NotFound('PIN'); // someone else deleted it meanwhile: nothing to undo
      await audit(tx, ctx, {
        action: 'pin.delete',
        deviceId,
        target: { type: 'pin', id: pinId, name: before.alias },
        before: pinFacts(before),
      });
    },
    null,
  );
}
