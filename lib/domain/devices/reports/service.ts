import type { Db } from '@/db/client';
import { ActivityEvent, ActivitySource } from '@/lib/shared/devices/codes';
import type { DeviceRef } from '@/lib/devices/gateway';
import { recordActivity } from '../../activity/record';
import { enqueueWebhookEvent } from '../../webhooks/outbox';
import { clashSafe } from './shared';

/**
 * Changes the service makes to a device's configuration itself (not reported by the device), kept
 * here with the reports so every "device changed + activity + webhook" is written in one module.
 * Run them in the transaction of the change.
 */

/**
 * Someone changed a device's name, time zone or settings (20008 by them). Subscribers hear of it
 * now when the device has nothing to apply (`notify`); settings the device must apply are
 * announced when it confirms them (`settingsApplied`).
 */
export async function settingsChanged(
  db: Db,
  c: {
    device: DeviceRef;
    user: { id: string; numId: number; name: string };
    name: string;
    revision: number;
    notify: boolean;
    at: Date;
  },
): Promise<void> {
  await clashSafe(db, (tx) =>
    recordActivity(tx, {
      deviceId: c.device.id,
      event: ActivityEvent.settingsChanged,
      source: ActivitySource.remote,
      user: c.user,
      at: c.at,
    }),
  );
  if (c.notify)
    await enqueueWebhookEvent(db, 'device-settings-changed', c.device, { name: c.name, revision: c.revision }, c.at);
}

/** A gate synchronized from the external gate system: what changed, to subscribers. */
export async function gateRefreshed(
  db: Db,
  c: {
    device: DeviceRef;
    connection?: { isConnected: boolean | null; isPresentInExternal: boolean };
    settings?: { impulseLength: number; firmware: string; externalName: string };
    at: Date;
  },
): Promise<void> {
  if (c.connection) await enqueueWebhookEvent(db, 'device-connection-changed', c.device, c.connection, c.at);
  if (c.settings) await enqueueWebhookEvent(db, 'device-settings-changed', c.device, c.settings, c.at);
}
