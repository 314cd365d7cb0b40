import { and, asc, count, eq, lte, ne, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { jsonValue } from '@/db/json-row';
import { perDb } from '@/db/prepared';
import { DeviceType, devices, lockPins } from '@/db/schema';
import { keyedHash } from '@/lib/crypto/secrets';
import { keyStillValidSql } from '@/lib/auth/keys';
import { candidateFields, candidatesOf } from '../access/effective';
import { NotFound } from '../errors';

/** Queries of the PIN area. They take the db (or a transaction) so every caller composes them. */

export const pinHash = (deviceId: number, value: string) => keyedHash(value, `pin:${deviceId}`);

export const isLock = (type: number) => type === DeviceType.lockPro || type === DeviceType.lockGo;

export interface LockHead {
  id: number;
  type: number;
  timeZone: string;
  pinListVersion: number;
  /** earliest end date among the lock's PINs: when the next automatic removal is due */
  nextExpiry: Date | null;
}

function headQuery(db: Db) {
  return db
    .select({
      id: devices.id,
      type: devices.type,
      timeZone: devices.timeZone,
      pinListVersion: devices.pinListVersion,
      // spelled out: drizzle leaves columns unqualified in a one-table select, which a subquery would misread
      nextExpiry:
        sql<Date | null>`(select min(lp.end_date) from lock_pins lp where lp.device_id = "devices"."id")`.mapWith(
          lockPins.endDate,
        ),
    })
    .from(devices)
    .where(eq(devices.id, sql.placeholder('deviceId')))
    .prepare('pins_lock_head');
}

const head = perDb(headQuery);

/** The lock's PIN-list head in one query (the whole work of a 304). 404 when it is not a lock. */
export async function lockHead(db: Db, deviceId: number): Promise<LockHead> {
  const [row] = await head(db).execute({ deviceId });
  if (!row || !isLock(row.type)) throw NotFound('Lock');
  return row;
}

/** `lastUsedDate` in JSON as the API writes instants (ISO, UTC, milliseconds, Z), or null. */
const LAST_USED_JSON = sql.raw(`to_char(lp.last_used_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * The PIN list as a caller sees it, in one prepared statement: the lock's head, its PINs (id and
 * alias), the caller's candidate accesses (one row each) and the check of a remembered key.
 */
function listQuery(db: Db) {
  const acc = candidatesOf(db, devices.id);
  return db
    .select({
      keyOk: keyStillValidSql(),
      type: devices.type,
      name: devices.name,
      timeZone: devices.timeZone,
      pinListVersion: devices.pinListVersion,
      nextExpiry:
        sql<Date | null>`(select min(lp.end_date) from lock_pins lp where lp.device_id = "devices"."id")`.mapWith(
          lockPins.endDate,
        ),
      pins: sql<
        Array<{ id: number; alias: string; lastUsedDate: string | null }>
      >`(select coalesce(json_agg(json_build_object('id', lp.id, 'alias', lp.alias, 'lastUsedDate', ${LAST_USED_JSON}) order by lp.id), '[]'::json) from lock_pins lp where lp.device_id = "devices"."id")`,
      acc: candidateFields(acc),
    })
    .from(devices)
    .innerJoinLateral(acc, sql`true`)
    .where(eq(devices.id, sql.placeholder('deviceId')))
    .prepare('pins_list_visible');
}

const list = perDb(listQuery);

/** Rows of `listQuery` (none when the caller cannot see the device); values as `callerValues` gives them. */
export async function listWithAccess(
  db: Db,
  values: { deviceId: number; userId: string; now: string; checkKeyId: string | null; checkScopes: string[] },
) {
  const rows = await list(db).execute(values);
  return rows.map((r) => ({ ...r, pins: jsonValue<typeof r.pins>(r.pins) }));
}

export async function listRows(db: Db, deviceId: number) {
  return db
    .select({ id: lockPins.id, alias: lockPins.alias, lastUsedAt: lockPins.lastUsedAt })
    .from(lockPins)
    .where(eq(lockPins.deviceId, deviceId))
    .orderBy(asc(lockPins.id));
}

/** The list with each PIN's schedule (never its value), for the portal's one-request PINs tab. */
export async function listRowsWithSchedule(db: Db, deviceId: number) {
  return db
    .select({
      id: lockPins.id,
      alias: lockPins.alias,
      startDate: lockPins.startDate,
      endDate: lockPins.endDate,
      dayStartTime: lockPins.dayStartTime,
      dayEndTime: lockPins.dayEndTime,
      weekDays: lockPins.weekDays,
      lastUsedAt: lockPins.lastUsedAt,
    })
    .from(lockPins)
    .where(eq(lockPins.deviceId, deviceId))
    .orderBy(asc(lockPins.id));
}

export async function findPin(db: Db, deviceId: number, pinId: number) {
  const [row] = await db
    .select()
    .from(lockPins)
    .where(and(eq(lockPins.id, pinId), eq(lockPins.deviceId, deviceId)));
  if (!row) throw NotFound('PIN');
  return row;
}

export async function findByValue(db: Db, deviceId: number, value: string) {
  const [row] = await db
    .select()
    .from(lockPins)
    .where(and(eq(lockPins.deviceId, deviceId), eq(lockPins.valueHmac, pinHash(deviceId, value))));
  return row ?? null;
}

/** Another PIN of this lock already has this value (the unique index's question, asked early). */
export async function valueTaken(db: Db, deviceId: number, value: string, exceptPinId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: lockPins.id })
    .from(lockPins)
    .where(
      and(
        eq(lockPins.deviceId, deviceId),
        eq(lockPins.valueHmac, pinHash(deviceId, value)),
        exceptPinId === undefined ? undefined : ne(lockPins.id, exceptPinId),
      ),
    );
  return !!row;
}

export async function pinCount(db: Db, deviceId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(lockPins).where(eq(lockPins.deviceId, deviceId));
  return Number(row?.n ?? 0);
}

/** Takes the lock row's lock for the rest of the transaction, so PIN-list writes of a lock queue up. */
export async function lockForUpdate(tx: Db, deviceId: number): Promise<void> {
  await tx.select({ id: devices.id }).from(devices).where(eq(devices.id, deviceId)).for('update');
}

/** One change of the list = one step of its version (decisions.md, "PIN list versions"). */
export async function bumpVersion(tx: Db, deviceId: number): Promise<void> {
  await tx
    .update(devices)
    .set({ pinListVersion: sql`${devices.pinListVersion} + 1` })
    .where(eq(devices.id, deviceId));
}

/** Next id of lock_pins: the device needs the PIN's id before the row exists (we write the device first). */
export async function reservePinId(db: Db): Promise<number> {
  const res = await db.execute(sql`select nextval(pg_get_serial_sequence('lock_pins', 'id'))::int as id`);
  return Number(rowsOf<{ id: number }>(res)[0].id);
}

export const expiredWhere = (now: Date, deviceId?: number) =>
  and(lte(lockPins.endDate, now), deviceId === undefined ? undefined : eq(lockPins.deviceId, deviceId));
