import { listenDb } from '@/db/client';
import { logError } from '@/lib/log';

/** A change on a device, as announced by the database (db/migrations/0010_live_events.sql). */
export interface DeviceEvent {
  kind: 'activity' | 'state';
  deviceId: number;
}

const CHANNEL = 'device_events';

export function parseDeviceEvent(payload: string): DeviceEvent | null {
  const m = /^([as]):(\d{1,10})$/.exec(payload);
  return m ? { kind: m[1] === 'a' ? 'activity' : 'state', deviceId: Number(m[2]) } : null;
}

type Listener = (e: DeviceEvent) => void;

const g = globalThis as unknown as { __liveHub?: { listeners: Set<Listener>; started?: Promise<void> } };
const hub = (g.__liveHub ??= { listeners: new Set() });

/**
 * One LISTEN per server process, shared by every live viewer of that process; the database
 * delivers each NOTIFY to every process, so viewers on other processes hear changes made here.
 */
export async function subscribe(fn: Listener): Promise<() => void> {
  hub.listeners.add(fn);
  hub.started ??= listenDb(CHANNEL, (payload) => {
    const e = parseDeviceEvent(payload);
    if (!e) return;
    for (const l of hub.listeners) {
      try {
        l(e);
      } catch (err) {
        logError('live: a listener failed', err);
      }
    }
  }).then(
    () => undefined,
    (err) => {
      hub.started = undefined; // the next viewer tries again
      throw err;
    },
  );
  try {
    await hub.started;
  } catch (e) {
    hub.listeners.delete(fn);
    throw e;
  }
  return () => hub.listeners.delete(fn);
}
