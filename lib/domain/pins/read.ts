import { decryptSecret } from '@/lib/crypto/secrets';
import { effectiveOf } from '../access/effective';
import { callerValues, confirmKey, type Ctx } from '../context';
import { NotFound } from '../errors';
import { fmtZ } from '../format';
import { requireDelegable } from '../access/delegation';
import { pinPower } from '@/lib/shared/policy';
import { enforceDevice, requireDeviceSecondFactor } from '../policy/enforce';
import { managedLock } from './flow';
import type { PinDetail, PinList } from './schemas';
import { findPin, isLock, listRows, listRowsWithSchedule, listWithAccess } from './store';

export type { PinDetail, PinList, PinSchedule } from './schemas';

/**
 * GET /my/lock/{id}/pin. `notModified` when the caller's listVersion is current (the route
 * answers 304 without a body).
 *
 * The list is served from the service's copy, never read from the lock: every change reaches
 * the database only after the lock confirmed it, so the copy is what the lock holds, and an
 * offline or busy lock still shows its PINs. That is why this read never answers 408/409/428,
 * which api-v37.md lists as possible. The usual read, 304 or not, is one statement (`listAtOnce`);
 * an expired PIN is pruned first, so a stale version is never confirmed even when the expiry
 * worker has not run yet.
 */
export async function listPins(
  ctx: Ctx,
  deviceId: number,
  listVersion?: number,
  opts: { includeSchedule?: boolean } = {},
): Promise<PinList | { notModified: true }> {
  if (!opts.includeSchedule) {
    const list = await listAtOnce(ctx, deviceId);
    if (list) return listVersion !== undefined && listVersion === list.listVersion ? { notModified: true } : list;
  }
  const head = await managedLock(ctx, deviceId, 'see its PINs');
  if (listVersion !== undefined && listVersion === head.pinListVersion) return { notModified: true };
  if (!opts.includeSchedule) {
    const rows = await listRows(ctx.db, deviceId);
    return {
      listVersion: head.pinListVersion,
      pins: rows.map((p) => ({ id: p.id, alias: p.alias, lastUsedDate: fmtZ(p.lastUsedAt) })),
    };
  }
  const rows = await listRowsWithSchedule(ctx.db, deviceId);
  const pins = rows.map((p) => ({
    id: p.id,
    alias: p.alias,
    startDate: fmtZ(p.startDate),
    endDate: fmtZ(p.endDate),
    dayStartTime: fmtZ(p.dayStartTime),
    dayEndTime: fmtZ(p.dayEndTime),
    weekDays: p.weekDays,
    lastUsedDate: fmtZ(p.lastUsedAt),
  }));
  return { listVersion: head.pinListVersion, pins };
}

/**
 * The usual list read in one statement, with the checks of `managedLock` (404 unseen or not a
 * lock, 403 guest); null when a PIN's end has passed, so the caller prunes first.
 */
async function listAtOnce(ctx: Ctx, deviceId: number): Promise<PinList | null> {
  const now = ctx.now();
  const rows = await listWithAccess(ctx.db, { deviceId, ...callerValues(ctx, now) });
  if (!rows.length) throw NotFound('Device');
  const head = rows[0];
  confirmKey(ctx, head.keyOk);
  enforceDevice(
    'managePins',
    effectiveOf(
      rows.map((r) => r.acc),
      head.timeZone,
      now,
    ),
    now,
    { device: head.name, doing: 'see its PINs' },
  );
  // the organization's second-factor rule covers this read too
  await requireDeviceSecondFactor(ctx, deviceId, 'managePins');
  if (!isLock(head.type)) throw NotFound('Lock');
  if (head.nextExpiry && head.nextExpiry <= now) return null;
  return { listVersion: head.pinListVersion, pins: head.pins };
}

/** GET /my/lock/{id}/pin/{pinId}: one PIN with its schedule and value (the policy's readPinValue). */
export async function getPin(ctx: Ctx, deviceId: number, pinId: number): Promise<PinDetail> {
  const head = await managedLock(ctx, deviceId, 'see its PIN codes', 'readPinValue');
  const p = await findPin(ctx.db, deviceId, pinId);
  // reading a PIN's value is holding its power: shown only to someone who could make this PIN now
  await requireDelegable(ctx, [{ deviceId, power: pinPower(p) }], "see this PIN's code");
  return {
    id: p.id,
    alias: p.alias,
    pin: decryptSecret(p.valueCiphertext, 'lock_pins', p.id),
    startDate: fmtZ(p.startDate),
    endDate: fmtZ(p.endDate),
    dayStartTime: fmtZ(p.dayStartTime),
    dayEndTime: fmtZ(p.dayEndTime),
    weekDays: p.weekDays,
    timeZone: head.timeZone,
  };
}
