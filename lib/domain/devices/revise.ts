import { and, eq, sql } from 'drizzle-orm';
import { IANAZone } from 'luxon';
import type { Db } from '@/db/client';
import { devices, deviceUserSettings, type Device } from '@/db/schema';
import type { Ctx } from '../context';
import { Conflict, Invalid } from '../errors';
import { type DeviceSubject, enforceDevice, requireDeviceSecondFactor } from '../policy/enforce';
import type { Loaded } from './shape';

/**
 * Changes to a device's configuration with Tedee's optimistic revision: the client sends the
 * revision it read, a change raises it by one, and a client whose revision is not the current one
 * changed nothing and gets 409 (PATCH /my/lock, PATCH /my/doorsensor/{id}).
 */

export const staleRevision = (current: number, sent: number) =>
  Conflict(
    `Someone else changed this device since you read it (it is at revision ${current}; you sent ${sent}). Reload it and make your change again.`,
  );

/** A time zone the API accepts: an IANA name ("Europe/Warsaw"). */
export function checkZone(zone: string | undefined): void {
  if (zone !== undefined && !IANAZone.isValidZone(zone))
    throw Invalid(`timeZone: "${zone}" is not a time zone name (like "Europe/Warsaw").`, [
      `timeZone: "${zone}" is not a time zone name (like "Europe/Warsaw").`,
    ]);
}

/**
 * What a PATCH of a lock or a door sensor checks before it changes anything, in this order: the
 * policy (manageDevice when it changes the device itself, see when it changes only the caller's own
 * userSettings), the second factor of a managing change, the time zone's name, and the revision
 * the client read (409 when stale).
 */
export async function checkDeviceUpdate(
  ctx: Ctx,
  x: Loaded,
  now: Date,
  input: { id: number; timeZone?: string; revision: number },
  managing: boolean,
  subject: Required<Pick<DeviceSubject, 'kind' | 'doing'>>,
): Promise<void> {
  enforceDevice(managing ? 'manageDevice' : 'see', x.access, now, { ...subject, device: x.d.name });
  if (managing) await requireDeviceSecondFactor(ctx, input.id, 'manageDevice');
  checkZone(input.timeZone);
  if (input.revision !== x.d.revision) throw staleRevision(x.d.revision, input.revision);
}

/**
 * Raises the revision from `revision` (only if it still is that) and sets `set`; 409 otherwise.
 * `target` also moves the revision the device should reach (`targetDeviceRevision`) to the new one.
 */
export async function revise(tx: Db, id: number, revision: number, set: Partial<Device>, target = false) {
  const [row] = await tx
    .update(devices)
    .set({
      ...set,
      revision: sql`${devices.revision} + 1`,
      ...(target ? { targetDeviceRevision: sql`${devices.revision} + 1` } : {}),
    })
    .where(and(eq(devices.id, id), eq(devices.revision, revision)))
    .returning({
      id: devices.id,
      type: devices.type,
      name: devices.name,
      revision: devices.revision,
      targetDeviceRevision: devices.targetDeviceRevision,
    });
  if (!row) {
    const [now] = await tx.select({ revision: devices.revision }).from(devices).where(eq(devices.id, id));
    throw staleRevision(now?.revision ?? revision, revision);
  }
  return row;
}

/** The caller's own settings of a device, merged over what they had. */
export function mergeUserSettings(
  before: Record<string, unknown> | null | undefined,
  change: Record<string, unknown> | undefined,
): { merged: Record<string, unknown>; changed: boolean } {
  const merged = { ...(before ?? {}), ...(change ?? {}) };
  return { merged, changed: change !== undefined && JSON.stringify(merged) !== JSON.stringify(before ?? {}) };
}

export async function saveUserSettings(
  tx: Db,
  deviceId: number,
  userId: string,
  settings: Record<string, unknown>,
): Promise<void> {
  await tx
    .insert(deviceUserSettings)
    .values({ deviceId, userId, settings })
    .onConflictDoUpdate({ target: [deviceUserSettings.deviceId, deviceUserSettings.userId], set: { settings } });
}
