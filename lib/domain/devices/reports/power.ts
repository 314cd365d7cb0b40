import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { devices } from '@/db/schema';
import { ActivityEvent, ActivitySource, LOCK_TYPES, LOW_BATTERY } from '@/lib/shared/devices/codes';
import type { DeviceReports } from '@/lib/devices/gateway';
import { activityInsert, recordActivity } from '../../activity/record';
import { enqueueWebhookEvent } from '../../webhooks/outbox';
import { clashSafe, iso, webhook } from './shared';

type R<K extends keyof DeviceReports> = Parameters<DeviceReports[K]>[1];

const E = ActivityEvent;

/**
 * A battery report of a lock or door sensor: the level (and a lock's charging, when the report
 * says it), charging started or stopped (46/50), the level falling below 20 % (20005), and
 * device-battery-level-changed. `onlyIfChanged` (a re-read): nothing when the copy agrees.
 */
export async function batteryChanged(db: Db, r: R<'batteryChanged'>): Promise<void> {
  await clashSafe(db, async (tx) => {
    const charging = r.charging === undefined ? sql`d.is_charging` : sql`${r.charging}::boolean`;
    const news = r.onlyIfChanged
      ? sql`and (d.battery_level is distinct from ${r.level} or d.is_charging is distinct from ${charging})`
      : sql``;
    // the values before the report, from the snapshot the update started with
    const [before] = rowsOf<{ level: number | null; charging: boolean | null; now_charging: boolean | null }>(
      await tx.execute(sql`
        update devices d set battery_level = ${r.level}, battery_level_modified_time = ${iso(r.at)}::timestamptz, is_charging = ${charging}
        from (select battery_level, is_charging from devices where id = ${r.device.id}) old
        where d.id = ${r.device.id} ${news}
        returning old.battery_level as level, old.is_charging as charging, d.is_charging as now_charging`),
    );
    if (!before) return;
    const nowCharging = r.charging === undefined ? before.now_charging : r.charging;
    if (r.charging !== undefined && r.charging !== null && r.charging !== (before.charging ?? false)) {
      await recordActivity(tx, {
        deviceId: r.device.id,
        event: r.charging ? E.chargingStarted : E.chargingStopped,
        source: ActivitySource.device,
        at: r.at,
      });
    }
    if (r.level < LOW_BATTERY && (before.level ?? 100) >= LOW_BATTERY)
      await recordActivity(tx, { deviceId: r.device.id, event: E.batteryLow, source: ActivitySource.device, at: r.at });
    await enqueueWebhookEvent(
      tx,
      'device-battery-level-changed',
      r.device,
      { batteryLevel: r.level, isCharging: nowCharging ?? undefined },
      r.at,
    );
  });
}

/**
 * A lock started or stopped charging (46/50). No webhook of its own: device-battery-level-changed
 * carries `isCharging`, and the bridge sends the level with it.
 */
export async function chargingChanged(db: Db, r: R<'chargingChanged'>): Promise<void> {
  await clashSafe(db, async (tx) => {
    const [changed] = await tx
      .update(devices)
      .set({ isCharging: r.charging })
      .where(and(eq(devices.id, r.device.id), sql`coalesce(${devices.isCharging}, false) <> ${r.charging}`))
      .returning({ id: devices.id });
    if (!changed) return;
    await recordActivity(tx, {
      deviceId: r.device.id,
      event: r.charging ? E.chargingStarted : E.chargingStopped,
      source: ActivitySource.device,
      at: r.at,
    });
  });
}

/** A lock lost or found its link to its bridge: its connectivity, and device-connection-changed for it. */
export async function lockConnectionChanged(db: Db, r: R<'lockConnectionChanged'>): Promise<void> {
  await clashSafe(db, async (tx) => {
    const [changed] = await tx
      .update(devices)
      .set({ isConnected: r.connected })
      .where(and(eq(devices.id, r.device.id), sql`coalesce(${devices.isConnected}, true) <> ${r.connected}`))
      .returning({ id: devices.id });
    if (!changed) return;
    await enqueueWebhookEvent(
      tx,
      'device-connection-changed',
      r.device,
      { isConnected: r.connected, bridgeId: r.bridge.id },
      r.at,
    );
  });
}

/** A bridge came on- or offline (20003/20004): an event for it and one for each lock it serves. */
export async function connectionChanged(db: Db, r: R<'connectionChanged'>): Promise<void> {
  await clashSafe(db, async (tx) => {
    const [changed] = await tx
      .update(devices)
      .set({ isConnected: r.connected, lastSeen: r.at })
      .where(and(eq(devices.id, r.bridge.id), sql`${devices.isConnected} is distinct from ${r.connected}`))
      .returning({ id: devices.id });
    if (!changed) return;
    await recordActivity(tx, {
      deviceId: r.bridge.id,
      event: r.connected ? E.bridgeConnected : E.bridgeDisconnected,
      source: ActivitySource.device,
      at: r.at,
    });
    await enqueueWebhookEvent(tx, 'device-connection-changed', r.bridge, { isConnected: r.connected }, r.at);
    const locks = await tx
      .select({ id: devices.id, type: devices.type })
      .from(devices)
      .where(and(eq(devices.connectedToId, r.bridge.id), inArray(devices.type, [...LOCK_TYPES])));
    for (const l of locks)
      await enqueueWebhookEvent(
        tx,
        'device-connection-changed',
        l,
        { isConnected: r.connected, bridgeId: r.bridge.id },
        r.at,
      );
  });
}

/** The bell button (20006) and bell-button-pressed, in one statement. */
export async function bellPressed(db: Db, r: R<'bellPressed'>): Promise<void> {
  await clashSafe(db, (tx) =>
    tx.execute(sql`
      with activity as (${activityInsert({ deviceId: r.device.id, event: E.bellPressed, source: ActivitySource.device, at: r.at })})
      ${webhook('bell-button-pressed', r.device, { pressedAt: iso(r.at) }, r.at)}`),
  );
}
