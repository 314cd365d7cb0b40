import { randomUUID } from 'node:crypto';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { violatedUniqueIndex } from '@/db/errors';
import { deviceActivity } from '@/db/schema';
import { deviceReports } from '@/lib/domain/devices/reports';
import { isDateClash } from '@/lib/domain/devices/reports/shared';
import { createBridge, createLock, db } from '../support/factories/core';
import { activityOf, deviceRow, outboxOf, setDevice } from '../support/factories/devices';

/** The one handler of what devices report (lib/domain/devices/reports), called as an adapter would. */
async function lock() {
  const l = await createLock({ bridge: await createBridge() });
  return { ...l, ref: { id: l.id, type: l.type } };
}

describe('device reports', () => {
  it('a movement reported twice (two processes saw the same auto lock) is written once', async () => {
    const l = await lock();
    await setDevice(l.id, { state: 2 });
    const at = new Date();
    const d = await db();
    const results = await Promise.all([
      deviceReports.stateChanged(d, { device: l.ref, from: 2, state: 6, doorState: 3, cause: 'auto', at }),
      deviceReports.stateChanged(d, { device: l.ref, from: 2, state: 6, doorState: 3, cause: 'auto', at }),
    ]);
    expect(results.sort()).toEqual([false, true]);
    expect((await activityOf(l.id)).map((a) => [a.event, a.source, a.userId])).toEqual([[36, 0, null]]);
    expect((await outboxOf(l.id)).map((o) => (o.payload as any).data.state)).toEqual([6]);
  });

  it('reports of one device at the same instant all land, each at its own millisecond', async () => {
    const l = await lock();
    const d = await db();
    const at = new Date();
    await Promise.all([
      ...Array.from({ length: 6 }, () => deviceReports.bellPressed(d, { device: l.ref, at })),
      deviceReports.keypadUsed(d, { device: l.ref, outcome: 'wrongPin', lockedOut: true, doorState: 3, at }),
      deviceReports.stateChanged(d, { device: l.ref, state: 2, doorState: 3, cause: 'knob', at }),
    ]);
    const dates = (await activityOf(l.id)).map((a) => a.date.getTime());
    expect(dates).toHaveLength(9);
    expect(new Set(dates).size).toBe(9);
    expect(Math.min(...dates)).toBe(at.getTime());
  });

  it('a second entry at one instant is known as a clash by its key (device_id, date), whatever its index is called', async () => {
    const l = await lock();
    const d = await db();
    const entry = { deviceId: l.id, event: 1, source: 0, date: new Date() };
    await d.insert(deviceActivity).values(entry);
    const first = await d
      .insert(deviceActivity)
      .values(entry)
      .catch((e: unknown) => e);
    expect(isDateClash(first)).toBe(true);
    // the partition's copy of the index under another name (rolled back): still a clash
    const renamed = `renamed_${randomUUID().slice(0, 8)}`;
    let second: unknown;
    await d
      .transaction(async (tx) => {
        await tx.execute(
          sql`alter index ${sql.identifier(violatedUniqueIndex(first)!)} rename to ${sql.identifier(renamed)}`,
        );
        second = await tx.transaction((sp) => sp.insert(deviceActivity).values(entry)).catch((e: unknown) => e);
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof TransactionRollbackError)) throw e;
      });
    expect(violatedUniqueIndex(second)).toBe(renamed);
    expect(isDateClash(second)).toBe(true);
    // another unique key is not a clash of dates
    expect(
      isDateClash(
        Object.assign(new Error('dup'), { code: '23505', detail: 'Key (device_id, user_id)=(1, x) already exists.' }),
      ),
    ).toBe(false);
  });

  it('deviceRevision follows the lock’s confirmations and never goes back; one settings event per confirmation', async () => {
    const l = await lock();
    await setDevice(l.id, { revision: 5, targetDeviceRevision: 5 });
    const d = await db();
    await deviceReports.settingsApplied(d, { device: l.ref, revision: 5, at: new Date() });
    await deviceReports.settingsApplied(d, { device: l.ref, revision: 3, at: new Date() });
    await deviceReports.settingsApplied(d, { device: l.ref, revision: 5, at: new Date() });
    expect((await deviceRow(l.id)).deviceRevision).toBe(5);
    expect((await outboxOf(l.id)).map((o) => [o.event, (o.payload as any).data.revision])).toEqual([
      ['device-settings-changed', 5],
    ]);
  });

  it('a door state that did not change writes nothing; "no sensor" changes the state without a log entry', async () => {
    const l = await lock();
    const d = await db();
    await deviceReports.doorChanged(d, { device: l.ref, doorState: 3, at: new Date() });
    expect(await outboxOf(l.id)).toEqual([]);
    await deviceReports.doorChanged(d, { device: l.ref, doorState: 0, at: new Date() });
    expect((await deviceRow(l.id)).doorState).toBe(0);
    expect(await activityOf(l.id)).toEqual([]);
    expect((await outboxOf(l.id)).map((o) => (o.payload as any).data)).toEqual([
      expect.objectContaining({ doorState: 0, state: 6 }),
    ]);
  });
});
