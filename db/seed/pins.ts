import { DateTime } from 'luxon';
import { eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../client';
import { devices, lockPins } from '../schema';
import { encryptSecret, keyedHash } from '../../lib/crypto/secrets';

const ZONE = 'Europe/Warsaw';
const D = 24 * 3600_000;
const at = (hour: number) => DateTime.fromObject({ year: 2024, month: 1, day: 8, hour }, { zone: ZONE }).toJSDate();

interface PinSpec {
  alias: string;
  value: string;
  startDate?: Date;
  endDate?: Date;
  dayStartTime?: Date;
  dayEndTime?: Date;
  weekDays?: number;
}

/** PINs per lock name; values follow the PIN rules (5-8 digits, 3+ different, no run). */
function pinSpecs(now: Date): Record<string, PinSpec[]> {
  return {
    'Front door': [
      { alias: 'Family', value: '735190' },
      { alias: 'Cleaning crew', value: '48213', weekDays: 1 | 2 | 4 | 8 | 16, dayStartTime: at(6), dayEndTime: at(10) },
      {
        alias: 'Plumber visit',
        value: '91462',
        startDate: new Date(now.getTime() - D),
        endDate: new Date(now.getTime() + 6 * D),
      },
    ],
    'Back door': [
      { alias: 'Dog walker', value: '264815', weekDays: 127, dayStartTime: at(11), dayEndTime: at(14) },
      { alias: 'Neighbour (spare)', value: '50937' },
    ],
  };
}

/**
 * PINs stored as the PIN area stores them: encrypted value + keyed hash (`pin:<deviceId>`),
 * and the lock's list version advanced once per PIN (starts at 1). Locks that already have
 * PINs are left alone.
 */
export async function seedPins(db: Db, deviceIds: Record<string, number>, now: Date): Promise<void> {
  for (const [lockName, pins] of Object.entries(pinSpecs(now))) {
    const deviceId = deviceIds[lockName];
    const has = await db
      .select({ id: lockPins.id })
      .from(lockPins)
      .where(inArray(lockPins.deviceId, [deviceId]))
      .limit(1);
    if (has.length) continue;
    // ids first: each value is encrypted bound to its row
    const ids = rowsOf<{ id: number }>(
      await db.execute(
        sql`select nextval(pg_get_serial_sequence('lock_pins', 'id'))::int as id from generate_series(1, ${pins.length}::int)`,
      ),
    );
    await db.insert(lockPins).values(
      pins.map((p, i) => ({
        id: ids[i].id,
        deviceId,
        alias: p.alias,
        valueCiphertext: encryptSecret(p.value, 'lock_pins', ids[i].id),
        valueHmac: keyedHash(p.value, `pin:${deviceId}`),
        startDate: p.startDate ?? null,
        endDate: p.endDate ?? null,
        dayStartTime: p.dayStartTime ?? null,
        dayEndTime: p.dayEndTime ?? null,
        weekDays: p.weekDays ?? null,
      })),
    );
    await db
      .update(devices)
      .set({ pinListVersion: pins.length + 1 })
      .where(eq(devices.id, deviceId));
  }
}

/**
 * Each demo PIN's last use, from the demo's own "unlocked with a PIN" entries (61, named by the
 * alias at the door): the PIN list then agrees with the activity log. PINs that have one keep it.
 */
export async function seedPinLastUse(db: Db, deviceIds: Record<string, number>): Promise<void> {
  const ids = Object.keys(pinSpecs(new Date()))
    .map((name) => deviceIds[name])
    .filter((id): id is number => id !== undefined);
  if (!ids.length) return;
  await db.execute(sql`
    update lock_pins lp set last_used_at = (
      select max(a.date) at time zone 'UTC' from device_activity a where a.device_id = lp.device_id and a.event = 61 and a.username = lp.alias)
    where lp.last_used_at is null and lp.device_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}
