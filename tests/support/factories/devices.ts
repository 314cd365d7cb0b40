import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import {
  DeviceType,
  deviceActivity,
  deviceCertificates,
  deviceOperations,
  devices,
  simExternalGates,
  webhookOutbox,
  type NewDevice,
} from '@/db/schema';
import type { LockSettings } from '@/lib/shared/devices/codes';
import { setFault } from '@/lib/devices/external-gates/faults';
import type { Fault } from '@/lib/devices/gateway';
import { hardware } from '../bridges';
import { db } from './core';

const uniq = () => randomUUID().slice(0, 8);

/**
 * A gate linked to a fresh gate in the simulated external system (unless `external: false`);
 * `account`: the user whose account there holds it (their full sync refreshes it).
 */
export async function createGate(
  over: Partial<NewDevice> & {
    account?: string;
    external?: boolean | { isConnected?: boolean; impulseLength?: number; firmware?: string };
  } = {},
) {
  const d = await db();
  const { external = true, account, ...rest } = over;
  const externalId = rest.externalId ?? `EXT-${uniq()}`;
  if (external) {
    const ext = typeof external === 'object' ? external : {};
    await d.insert(simExternalGates).values({
      externalId,
      account: account ?? null,
      name: `Ext gate ${externalId}`,
      type: 'barrier',
      impulseLength: ext.impulseLength ?? 1500,
      firmware: ext.firmware ?? '3.1.0',
      isConnected: ext.isConnected ?? true,
    });
  }
  const [g] = await d
    .insert(devices)
    .values({
      type: DeviceType.gate,
      serialNumber: `GT-${uniq()}`,
      name: `Gate ${uniq()}`,
      timeZone: 'Europe/Warsaw',
      externalId,
      externalName: `Ext gate ${externalId}`,
      externalType: 'barrier',
      impulseLength: 1000,
      icon: 1,
      isConnected: true,
      isPresentInExternal: true,
      externalAccount: account ?? null,
      softwareVersions: [{ softwareType: 0, version: '3.0.0', updateAvailable: false }],
      ...rest,
    })
    .returning();
  return g;
}

/** A door sensor paired with a lock (the lock then reports doorState); its virtual lock gets it too. */
export async function createDoorSensor(lock: { id: number } | null, over: Partial<NewDevice> = {}) {
  const vl = lock ? hardware.lock(lock.id) : undefined;
  if (vl) {
    vl.doorSensor = true;
    if (vl.doorState === 0) vl.doorState = 3;
  }
  const d = await db();
  const [s] = await d
    .insert(devices)
    .values({
      type: DeviceType.doorSensor,
      serialNumber: `DS-${uniq()}`,
      name: `Door sensor ${uniq()}`,
      timeZone: 'Europe/Warsaw',
      connectedToId: lock?.id ?? null,
      batteryLevel: 90,
      batteryLevelModifiedTime: new Date(),
      softwareVersions: [{ softwareType: 0, version: '1.0.2', updateAvailable: false }],
      ...over,
    })
    .returning();
  return s;
}

/**
 * What the virtual lock itself works with (as if it had confirmed these settings), without going
 * through the service: for tests of the hardware's timing.
 */
export async function lockHardware(lockId: number, settings: Partial<LockSettings>) {
  const vl = hardware.lock(lockId);
  if (!vl) throw new Error(`lock ${lockId} is on no virtual bridge`);
  vl.set({ settings });
}

/** The next command of a lock (its virtual lock) or opening of a gate (the external gate system) fails so. */
export async function fault(deviceId: number, f: Fault | null) {
  const vl = hardware.lock(deviceId);
  if (vl) vl.fault = f;
  else await setFault(await db(), deviceId, f);
}

export async function deviceRow(id: number) {
  const [r] = await (await db()).select().from(devices).where(eq(devices.id, id));
  return r;
}

/**
 * Sets the service's copy of a device; what the hardware has of it too (a virtual lock's state,
 * door, battery; a virtual bridge on or off the network), without events, as the world the test
 * describes.
 */
export async function setDevice(id: number, values: Partial<NewDevice>) {
  await (await db()).update(devices).set(values).where(eq(devices.id, id));
  const vl = hardware.lock(id);
  if (vl)
    vl.set({
      state: values.state ?? undefined,
      doorState: values.doorState ?? undefined,
      batteryLevel: values.batteryLevel ?? undefined,
      isCharging: values.isCharging ?? undefined,
    });
  const vb = hardware.bridge(id);
  if (vb && typeof values.isConnected === 'boolean') vb.online = values.isConnected;
}

/** How many offline certificates for `deviceId` the user's phones hold that are not revoked. */
export async function liveCertificates(deviceId: number, userId: string): Promise<number> {
  const rows = await (await db())
    .select({ id: deviceCertificates.id })
    .from(deviceCertificates)
    .where(
      and(
        eq(deviceCertificates.deviceId, deviceId),
        eq(deviceCertificates.userId, userId),
        isNull(deviceCertificates.revokedAt),
      ),
    );
  return rows.length;
}

export async function activityOf(deviceId: number) {
  return (await db())
    .select()
    .from(deviceActivity)
    .where(eq(deviceActivity.deviceId, deviceId))
    .orderBy(deviceActivity.date);
}

export async function outboxOf(deviceId: number) {
  return (await db())
    .select()
    .from(webhookOutbox)
    .where(eq(webhookOutbox.deviceId, deviceId))
    .orderBy(webhookOutbox.id);
}

export async function operationRow(id: string) {
  const [r] = await (await db()).select().from(deviceOperations).where(eq(deviceOperations.id, id));
  return r;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` returns a truthy value (the virtual lock answers after SIM_COMMAND_MS). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(20);
  }
}
