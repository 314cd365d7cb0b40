import { beforeAll, describe, expect, it } from 'vitest';
import { setConfig } from '@/tests/support/config';
import { worker } from '@/lib/devices/worker';
import { freshness, markRead } from '@/lib/domain/devices/bridge-events';
import { reconcileBridge, reconcileDue, settleOverdue } from '@/lib/domain/devices/reconcile';
import { DoorState } from '@/lib/shared/devices/codes';
import { hardware } from '../support/bridges';
import { db, lockWithCast } from '../support/factories/core';
import { activityOf, createDoorSensor, deviceRow, operationRow, sleep } from '../support/factories/devices';
import { api } from '../support/router';

/**
 * A lost event is repaired within a bounded time (docs/devices.md, "When the network fails"): every
 * bridge is re-read at least every BRIDGE_RECONCILE_MS by the device worker, which looks every
 * SIM_REAPER_MS; so a lost event stays lost at most BRIDGE_RECONCILE_MS + SIM_REAPER_MS (30 s + 2 s
 * by default). Here both are short, and the worker's pass runs on this test's bridges only (the
 * database may be shared with other test files).
 */
const RECONCILE_MS = 1000;
const SWEEP_MS = 200;
const BOUND = RECONCILE_MS + SWEEP_MS;
beforeAll(() => setConfig({ BRIDGE_RECONCILE_MS: String(RECONCILE_MS), BRIDGE_COMMAND_TIMEOUT_MS: '600' }));

/** One pass of the loop below: when it looked (its `now`), and whether `done` held after it. */
interface Pass {
  at: number;
  doneAfter: boolean;
}

/**
 * The device worker's pass (lib/devices/worker.ts), every SIM_REAPER_MS, on these bridges and locks,
 * until stopped; each pass is written to `passes`, with whether `done` (if given) held after it.
 */
function sweeping(bridgeIds: number[], lockIds: number[], done?: () => Promise<boolean>, passes: Pass[] = []) {
  let on = true;
  const loop = (async () => {
    while (on) {
      const now = new Date();
      await settleOverdue(await db(), now, lockIds);
      await reconcileDue(await db(), now, bridgeIds);
      passes.push({ at: now.getTime(), doneAfter: done ? await done() : false });
      await sleep(SWEEP_MS);
    }
  })();
  return async () => {
    on = false;
    await loop;
  };
}

/** Milliseconds until `check` holds (polled every 25 ms), or Infinity after 10 s. */
async function timeUntil(check: () => Promise<boolean>): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < 10_000) {
    if (await check()) return Date.now() - t0;
    await sleep(25);
  }
  return Infinity;
}

describe('the device worker repairs what the network lost, within BRIDGE_RECONCILE_MS + SIM_REAPER_MS', () => {
  it('is the worker that runs every process’s pass', () => {
    expect(worker.name).toBe('device-sweep');
  });

  it('a lost event: the state is right again within the bound', async () => {
    const c = await lockWithCast();
    await reconcileBridge(await db(), c.bridge.id); // just read: the worst case waits a whole period
    const b = hardware.bridge(c.bridge.id)!;
    b.delivery.drop = 1;
    await hardware.lock(c.lock.id)!.press('knob', 'unlock');
    expect((await deviceRow(c.lock.id)).state).toBe(6);
    const stop = sweeping([c.bridge.id], [c.lock.id]);
    const took = await timeUntil(async () => (await deviceRow(c.lock.id)).state === 2).finally(stop);
    console.log(`a lost event was repaired in ${took} ms (bound ${BOUND} ms)`);
    expect(took).toBeLessThanOrEqual(BOUND + 1000);
  });

  it('a bridge that restarted and forgot its callback has it again within the bound, and its news flows again', async () => {
    const c = await lockWithCast();
    await reconcileBridge(await db(), c.bridge.id);
    const b = hardware.bridge(c.bridge.id)!;
    b.restart();
    const stop = sweeping([c.bridge.id], [c.lock.id]);
    const took = await timeUntil(async () => b.callbacks.length === 1).finally(stop);
    console.log(`a forgotten callback was registered again in ${took} ms (bound ${BOUND} ms)`);
    expect(took).toBeLessThanOrEqual(BOUND + 1000);
    await hardware.lock(c.lock.id)!.press('knob', 'unlock');
    await b.idle();
    expect((await activityOf(c.lock.id)).map((a) => a.event)).toEqual([39]);
  });

  it('a command whose outcome was lost ends from the lock’s own state once past its time, not later than a sweep after', async () => {
    const c = await lockWithCast();
    const b = hardware.bridge(c.bridge.id)!;
    b.delivery.drop = 2; // its transitional state and its outcome
    const r = await api('POST', `/api/v37/my/lock/${c.lock.id}/operation/unlock`, { key: c.owner.key });
    expect(r.status).toBe(202);
    const completed = async () => (await operationRow(r.json.result.operationId)).status === 'COMPLETED';
    const passes: Pass[] = [];
    const stop = sweeping([c.bridge.id], [c.lock.id], completed, passes);
    const took = await timeUntil(completed).finally(stop);
    console.log(`a command whose outcome was lost ended ${took} ms after it was accepted (its time: 600 ms)`);
    // the first pass that looked at or after the command's time ended it (counted in passes, not in
    // milliseconds: on a loaded machine a pass itself takes longer)
    const due = (await operationRow(r.json.result.operationId)).completeAt.getTime();
    const looked = passes.filter((p) => p.at >= due);
    expect(looked.length === 0 || looked[0].doneAfter).toBe(true);
    expect(await operationRow(r.json.result.operationId)).toMatchObject({ result: 0 });
    expect((await deviceRow(c.lock.id)).state).toBe(2);
    expect((await activityOf(c.lock.id)).map((a) => a.event)).toEqual([33]);
  });
});

describe('a re-read reports only what differs from the service’s copy', () => {
  it('and so brings back the door, the battery, the charging and the link whose events were lost', async () => {
    const c = await lockWithCast();
    await createDoorSensor(c.lock);
    await reconcileBridge(await db(), c.bridge.id); // the copy agrees with the lock
    const b = hardware.bridge(c.bridge.id)!;
    const vl = hardware.lock(c.lock.id)!;
    const seen = async () => {
      const d = await deviceRow(c.lock.id);
      return { door: d.doorState, battery: d.batteryLevel, charging: d.isCharging, connected: d.isConnected };
    };
    const lose = async (news: () => Promise<void>) => {
      b.delivery.drop = 100;
      await news();
      b.delivery.drop = 0;
    };
    const before = await seen();
    expect(before).toMatchObject({ door: DoorState.closed, charging: false });
    // each kind alone, so that a re-read that compared only another one would miss it
    await lose(() => vl.door(true));
    await lose(() => vl.battery(before.battery! - 10, undefined));
    expect(await seen()).toEqual(before);
    await reconcileBridge(await db(), c.bridge.id);
    expect(await seen()).toEqual({ ...before, door: DoorState.opened, battery: before.battery! - 10 });
    await lose(() => vl.battery(before.battery! - 10, true));
    await lose(() => vl.link(false));
    await reconcileBridge(await db(), c.bridge.id);
    expect(await seen()).toEqual({
      door: DoorState.opened,
      battery: before.battery! - 10,
      charging: true,
      connected: false,
    });
  });
});

describe('a snapshot marks what it read', () => {
  it('every (lock, kind) at once, a lock listed twice once, and never moves a newer mark back', async () => {
    const c = await lockWithCast();
    const at = new Date('2026-06-01T10:00:00Z');
    const later = new Date(at.getTime() + 60_000);
    const kinds = ['link', 'status', 'battery', 'charging'];
    const read = Array.from({ length: 1000 }, (_, i) => 900_000 + i).flatMap((subject) =>
      kinds.map((kind) => ({ subject, kind })),
    );
    await markRead(await db(), c.bridge.id, [...read, { subject: 900_000, kind: 'status' }], later);
    await markRead(await db(), c.bridge.id, read.slice(0, 4), at); // an older snapshot, late
    await markRead(await db(), c.bridge.id, [], at);
    const before = await freshness(await db(), c.bridge.id, later);
    const after = await freshness(await db(), c.bridge.id, new Date(later.getTime() + 1));
    for (const { subject, kind } of [read[0], read[3], read[3999]]) {
      expect(before(subject, kind)).toBe(false); // news as old as the mark is not applied
      expect(after(subject, kind)).toBe(true);
    }
    expect(after(900_000, 'door')).toBe(true); // a kind never read is not marked
  });
});
