import { eq } from 'drizzle-orm';
import { devices, lockPins } from '@/db/schema';
import { encryptSecret } from '@/lib/crypto/secrets';
import { pinHash, reservePinId } from '@/lib/domain/pins/store';
import { hardware } from '../bridges';
import { db } from './core';

/**
 * PINs placed straight into the service's copy, as if the lock had confirmed them earlier:
 * for states the API would need many slow device round trips to reach (a full lock, a PIN
 * that has since expired). Tests of the API itself go through the API.
 */
export interface PinSeed {
  value: string;
  alias?: string;
  startDate?: Date | null;
  endDate?: Date | null;
  dayStartTime?: Date | null;
  dayEndTime?: Date | null;
  weekDays?: number | null;
}

export async function insertPins(deviceId: number, pins: PinSeed[]): Promise<number[]> {
  const d = await db();
  const ids: number[] = [];
  for (const _ of pins) ids.push(await reservePinId(d)); // each value is encrypted bound to its row
  const rows = await d
    .insert(lockPins)
    .values(
      pins.map((p, i) => ({
        id: ids[i],
        deviceId,
        alias: p.alias ?? `PIN ${p.value.slice(0, 2)}`,
        valueCiphertext: encryptSecret(p.value, 'lock_pins', ids[i]),
        valueHmac: pinHash(deviceId, p.value),
        ...p,
      })),
    )
    .returning({ id: lockPins.id });
  // the lock holds them too (its keypad judges entries)
  const vl = hardware.lock(deviceId);
  if (vl)
    pins.forEach((p, i) =>
      vl.pins.set(ids[i], {
        value: p.value,
        startDate: p.startDate?.toISOString() ?? null,
        endDate: p.endDate?.toISOString() ?? null,
        dayStartTime: p.dayStartTime?.toISOString() ?? null,
        dayEndTime: p.dayEndTime?.toISOString() ?? null,
        weekDays: p.weekDays ?? null,
      }),
    );
  return rows.map((r) => r.id);
}

/** n distinct valid PIN values (6 digits, never a run, at least 3 different digits). */
export function distinctPins(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `9${String(i).padStart(3, '0')}07`);
}

export async function listVersionOf(deviceId: number): Promise<number> {
  const d = await db();
  const [row] = await d.select({ v: devices.pinListVersion }).from(devices).where(eq(devices.id, deviceId));
  return row.v;
}

export async function pinRows(deviceId: number) {
  const d = await db();
  return d.select().from(lockPins).where(eq(lockPins.deviceId, deviceId));
}

/** The virtual lock: next command times out, or another command holds it, or its bridge drops (the service knows). */
export const sim = {
  timeoutNext: async (deviceId: number) => {
    hardware.lock(deviceId)!.fault = 'timeout';
  },
  occupy: async (deviceId: number, ms = 5_000) => {
    const vl = hardware.lock(deviceId)!;
    vl.busyUntil = Date.now() + ms;
  },
  bridgeOnline: async (bridgeId: number, isConnected: boolean) => {
    const d = await db();
    await d.update(devices).set({ isConnected }).where(eq(devices.id, bridgeId));
    const vb = hardware.bridge(bridgeId);
    if (vb) vb.online = isConnected;
  },
};
