import { and, eq, inArray, sql } from 'drizzle-orm';
import { arrayOf } from '@/db/arrays';
import { rowsOf, type Db } from '@/db/client';
import { bridgeEventMarks, bridgeLinks, DeviceType, devices, lockPins } from '@/db/schema';
import { bridgeCallbackBase } from '@/lib/config/bridges';
import { safeEqual } from '@/lib/crypto/secrets';
import { getGateway, type BridgeScope, type DeviceRef } from '@/lib/devices';
import { LOCK_TYPES } from '@/lib/shared/devices/codes';
import type { BaseCtx } from '../context';
import { Conflict, DomainError } from '../errors';
import { openSealed } from './bridge-links';
import { overdue } from './overdue';

/**
 * A bridge's callback events (docs/devices.md, "Events"): authenticated by the per-bridge secret
 * the service registered with the callback, read by the gateway, and applied only when newer than
 * the last news of the same kind about the same device (bridge_event_marks, shared by every server
 * process): a forged event is refused, and a duplicate, a replay or an older one arriving late is
 * refused too and changes nothing.
 */

/** The callback URL of a bridge: this service as the bridges reach it, per bridge. */
export const callbackUrl = (bridgeId: number) => `${bridgeCallbackBase()}/api/bridge/${bridgeId}/events`;

const forged = () =>
  new DomainError('unauthenticated', 'This is not an event of that bridge: its secret does not match.');

/**
 * What the gateway needs to turn news of a bridge's devices into reports: its locks by their ids on
 * it. `only` (ids on the bridge) reads just those: an event is about one device, and reading all of
 * a bridge's locks for each made every event cost as much as the bridge is big (949 locks: an event
 * took 19 ms of the server's time on PGlite, issue 34).
 */
export async function bridgeScope(db: Db, bridge: DeviceRef, only?: number[]): Promise<BridgeScope> {
  const locks = await db
    .select({
      id: devices.id,
      type: devices.type,
      remoteId: devices.remoteId,
      isConnected: devices.isConnected,
      state: devices.state,
      doorState: devices.doorState,
      batteryLevel: devices.batteryLevel,
      isCharging: devices.isCharging,
      overdue: sql<boolean>`exists (select 1 from device_operations where device_operations.device_id = "devices"."id" and ${overdue()})`,
      // its door sensor, in the same statement (a second one was a statement more for every event)
      sensorId: sql<
        number | null
      >`(select s.id from devices s where s.connected_to_id = "devices"."id" and s.type = ${DeviceType.doorSensor} order by s.id limit 1)`,
    })
    .from(devices)
    .where(
      and(
        eq(devices.connectedToId, bridge.id),
        inArray(devices.type, [...LOCK_TYPES]),
        only ? inArray(devices.remoteId, only) : undefined,
      ),
    );
  const byRemote = new Map(
    locks.filter((l) => l.remoteId !== null).map((l) => [l.remoteId!, { id: l.id, type: l.type }]),
  );
  const sensorOf = new Map(
    locks.filter((l) => l.sensorId !== null).map((l) => [l.id, { id: l.sensorId!, type: DeviceType.doorSensor }]),
  );
  const copies = new Map(locks.map(({ id, type: _t, remoteId: _r, sensorId: _s, ...copy }) => [id, copy]));
  return {
    bridge,
    lock: (remoteId) => byRemote.get(remoteId) ?? null,
    copy: (lockId) => copies.get(lockId) ?? null,
    sensorOf: (lockId) => sensorOf.get(lockId) ?? null,
    pinAlias: async (lockId, pinId) => {
      const [p] = await db
        .select({ alias: lockPins.alias })
        .from(lockPins)
        .where(and(eq(lockPins.id, pinId), eq(lockPins.deviceId, lockId)));
      return p?.alias;
    },
  };
}

/** Records news of (bridge, subject, kind) at `at` if it is newer than what was seen; false otherwise. */
export async function markNewer(db: Db, bridgeId: number, subject: number, kind: string, at: Date): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      insert into bridge_event_marks (bridge_id, subject, kind, last_at) values (${bridgeId}, ${subject}, ${kind}, ${at.toISOString()}::timestamptz)
      on conflict (bridge_id, subject, kind) do update set last_at = excluded.last_at
      where bridge_event_marks.last_at < excluded.last_at
      returning 1 as fresh`),
  );
  return rows.length > 0;
}

/** POST /api/bridge/{id}/events: one event of a bridge. 401 forged, 400 not an event, 409 not newer than what was seen. */
export async function receiveBridgeEvent(
  ctx: BaseCtx,
  input: { bridgeId: number; secret: string | null; body: unknown },
): Promise<void> {
  const [link] = await ctx.db
    .select({ secret: bridgeLinks.callbackSecretCiphertext, type: devices.type })
    .from(bridgeLinks)
    .innerJoin(devices, eq(devices.id, bridgeLinks.bridgeId))
    .where(eq(bridgeLinks.bridgeId, input.bridgeId));
  // the same answer for a bridge that does not exist: ids cannot be probed
  if (!link || !input.secret) throw forged();
  const secret = openSealed(link.secret, input.bridgeId);
  if (!safeEqual(input.secret, secret)) throw forged();
  const gw = getGateway();
  const event = gw.parseEvent(input.body);
  const bridge = { id: input.bridgeId, type: link.type };
  await ctx.db.update(bridgeLinks).set({ lastEventAt: ctx.now() }).where(eq(bridgeLinks.bridgeId, input.bridgeId));
  if (!event) return; // an event the service has no use for
  const applied = await ctx.db.transaction(async (tx) => {
    if (!(await markNewer(tx, input.bridgeId, event.subject, event.kind, event.at))) return false;
    await gw.applyEvent(tx, await bridgeScope(tx, bridge, [event.subject]), event);
    return true;
  });
  if (!applied)
    throw Conflict(
      `Already seen: news of this kind about this device at ${event.at.toISOString()} or later was applied, so this one changes nothing.`,
    );
}

/** The newest news seen per (subject, kind) of a bridge, for judging a snapshot taken at `at`. */
export async function freshness(
  db: Db,
  bridgeId: number,
  at: Date,
): Promise<(subject: number, kind: string) => boolean> {
  const marks = await db
    .select({ subject: bridgeEventMarks.subject, kind: bridgeEventMarks.kind, lastAt: bridgeEventMarks.lastAt })
    .from(bridgeEventMarks)
    .where(eq(bridgeEventMarks.bridgeId, bridgeId));
  const newest = new Map(marks.map((m) => [`${m.subject}/${m.kind}`, m.lastAt.getTime()]));
  return (subject, kind) => (newest.get(`${subject}/${kind}`) ?? -Infinity) < at.getTime();
}

/**
 * After a snapshot at `at`: nothing older than it applies any more (never moves a mark back). One
 * statement for the whole snapshot: a statement per (lock, kind) was 3,675 of them every
 * reconcile of a bridge with 949 locks, ~2.2 s of PGlite's one connection (issue 34).
 */
export async function markRead(db: Db, bridgeId: number, read: Array<{ subject: number; kind: string }>, at: Date) {
  // a lock a bridge listed twice is marked once (one statement may not update a row twice)
  const once = [...new Map(read.map((r) => [`${r.subject}/${r.kind}`, r])).values()];
  if (once.length === 0) return;
  await db.execute(sql`
    insert into bridge_event_marks (bridge_id, subject, kind, last_at)
    select ${bridgeId}, r.subject, r.kind, ${at.toISOString()}::timestamptz
    from unnest(${arrayOf(
      'int',
      once.map((r) => r.subject),
    )}, ${arrayOf(
      'text',
      once.map((r) => r.kind),
    )}) as r(subject, kind)
    on conflict (bridge_id, subject, kind) do update set last_at = greatest(bridge_event_marks.last_at, excluded.last_at)`);
}
