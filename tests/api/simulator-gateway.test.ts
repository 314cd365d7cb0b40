import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getGateway } from '@/lib/devices';
import { reap } from '@/lib/devices/simulator/sweep';
import { settle } from '@/lib/devices/simulator/operations';
import { returnSprings } from '@/lib/devices/simulator/spring';
import { autoLock } from '@/lib/devices/simulator/autolock';
import { createBridge, createLock, createUser, db } from '../support/factories/core';
import { activityOf, createGate, deviceRow, eventually, fault, lockHardware, operationRow, outboxOf, setDevice, sleep } from '../support/factories/devices';

const gw = getGateway();

async function pairedLock() {
  const bridge = await createBridge();
  const lock = await createLock({ bridge });
  const user = await createUser();
  return { bridge, lock, user };
}

/** Runs `fn` with another simulated command time (read when a command is accepted). */
async function withLatency<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const before = process.env.SIM_COMMAND_MS;
  process.env.SIM_COMMAND_MS = String(ms);
  try {
    return await fn();
  } finally {
    process.env.SIM_COMMAND_MS = before;
  }
}

const completed = (id: string) => eventually(async () => {
  const op = await gw.getOperation(await db(), id);
  return op?.status === 'COMPLETED' ? op : null;
});

describe('simulated lock commands', () => {
  it('unlock passes through unlocking, completes as unlocked, records activity 33 and one final webhook', async () => {
    const { lock, user } = await pairedLock();
    const { operationId, lastStateChangedDate } = await withLatency(800, async () => gw.startOperation(await db(), { deviceId: lock.id, type: 1, userId: user.id }));
    expect(lastStateChangedDate).toBeInstanceOf(Date);
    expect((await deviceRow(lock.id)).state).toBe(4);
    expect((await gw.getOperation(await db(), operationId))?.status).toBe('PENDING');
    const op = await completed(operationId);
    expect(op).toMatchObject({ deviceId: lock.id, type: 1, result: 0 });
    const row = await deviceRow(lock.id);
    expect(row).toMatchObject({ state: 2, stateChangeResult: 0, busyOperationId: null });
    const acts = await activityOf(lock.id);
    expect(acts.map((a) => [a.event, a.source, a.userId, a.username])).toEqual([[33, 1, user.id, user.displayName]]);
    const out = await outboxOf(lock.id);
    expect(out.map((o) => o.event)).toEqual(['lock-status-changed']);
    expect((out[0].payload as any).data).toMatchObject({ deviceId: lock.id, state: 2, stateChangeResult: 0 });
  });

  it('a second command while one runs is refused with 409 (DeviceBusy)', async () => {
    const { lock, user } = await pairedLock();
    await gw.startOperation(await db(), { deviceId: lock.id, type: 1, userId: user.id });
    await expect(gw.startOperation(await db(), { deviceId: lock.id, type: 0, userId: user.id })).rejects.toMatchObject({ code: 'device_busy' });
    await expect(gw.writePin(await db(), lock.id, { kind: 'remove', pinId: 1 })).rejects.toMatchObject({ code: 'device_busy' });
  });

  it('a lock without a bridge or with a disconnected bridge is unreachable (428)', async () => {
    const user = await createUser();
    const lonely = await createLock();
    await expect(gw.startOperation(await db(), { deviceId: lonely.id, type: 1, userId: user.id })).rejects.toMatchObject({ code: 'device_unreachable' });
    const { bridge, lock } = await pairedLock();
    await setDevice(bridge.id, { isConnected: false });
    await expect(gw.startOperation(await db(), { deviceId: lock.id, type: 1, userId: user.id })).rejects.toMatchObject({ code: 'device_unreachable' });
    await expect(gw.writePin(await db(), lock.id, { kind: 'remove', pinId: 1 })).rejects.toMatchObject({ code: 'device_unreachable' });
  });

  it('timeout fault: result 2, state restored, stateChangeResult 2', async () => {
    const { lock, user } = await pairedLock();
    await fault(lock.id, 'timeout');
    const { operationId } = await gw.startOperation(await db(), { deviceId: lock.id, type: 1, userId: user.id });
    expect((await completed(operationId)).result).toBe(2);
    expect(await deviceRow(lock.id)).toMatchObject({ state: 6, stateChangeResult: 2 });
    expect((await activityOf(lock.id)).map((a) => a.event)).toEqual([20001]);
  });

  it('jam fault: result 1, semi-locked, stateChangeResult 1, event 40', async () => {
    const { lock, user } = await pairedLock();
    await fault(lock.id, 'jam');
    const { operationId } = await gw.startOperation(await db(), { deviceId: lock.id, type: 0, userId: user.id });
    expect((await completed(operationId)).result).toBe(1);
    expect(await deviceRow(lock.id)).toMatchObject({ state: 3, stateChangeResult: 1 });
    expect((await activityOf(lock.id)).map((a) => a.event)).toEqual([40]);
  });

  it('slow fault: still pending after the usual time, completes later', async () => {
    const { lock, user } = await pairedLock();
    await fault(lock.id, 'slow');
    const { operationId } = await withLatency(300, async () => gw.startOperation(await db(), { deviceId: lock.id, type: 1, userId: user.id }));
    await sleep(400); // the usual time has passed; a slow command takes four times as long
    expect((await gw.getOperation(await db(), operationId))?.status).toBe('PENDING');
    expect((await completed(operationId)).result).toBe(0);
  });

  it('pull goes pulling -> pulled, then back to unlocked after pullSpringDuration', async () => {
    const { lock, user } = await pairedLock();
    await lockHardware(lock.id, { pullSpringDuration: 0.2 });
    const { operationId } = await gw.startOperation(await db(), { deviceId: lock.id, type: 2, userId: user.id });
    expect((await deviceRow(lock.id)).state).toBe(8);
    await completed(operationId);
    expect((await deviceRow(lock.id)).state).toBe(7);
    await eventually(async () => (await deviceRow(lock.id)).state === 2);
    expect((await activityOf(lock.id)).map((a) => a.event)).toEqual([51]);
  });

  it('the sweep returns a pulled lock whose spring time has passed to unlocked (the pulling process died)', async () => {
    const { lock, user } = await pairedLock();
    const { operationId } = await gw.startOperation(await db(), { deviceId: lock.id, type: 2, userId: user.id });
    await completed(operationId);
    // as if the process's spring timer never ran: the pull is long past
    await setDevice(lock.id, { state: 7, lastStateChangedDate: new Date(Date.now() - 60_000) });
    expect(await returnSprings(await db())).toBeGreaterThanOrEqual(1);
    expect((await deviceRow(lock.id)).state).toBe(2);
    expect((await outboxOf(lock.id)).map((o) => (o.payload as any).data.state)).toEqual([7, 2]);
  });

  it('unlock modes: auto pull spring pulls unless mode 3; mode 4 pulls a lock already unlocked', async () => {
    const { lock, user } = await pairedLock();
    await lockHardware(lock.id, { autoPullSpringEnabled: true, pullSpringDuration: 30 });
    const run = async (mode?: number) => {
      const { operationId } = await gw.startOperation(await db(), { deviceId: lock.id, type: 1, mode, userId: user.id });
      await completed(operationId);
      return (await deviceRow(lock.id)).state;
    };
    expect(await run()).toBe(7);
    await setDevice(lock.id, { state: 6 });
    expect(await run(3)).toBe(2);
    await lockHardware(lock.id, { autoPullSpringEnabled: false });
    expect(await run(4)).toBe(7);
  });

  it('auto lock: an unlocked lock locks itself after autoLockDelay (event 36 at the device); the sweep does it too', async () => {
    const { lock, user } = await pairedLock();
    await lockHardware(lock.id, { autoLockEnabled: true, autoLockDelay: 0.2 });
    const { operationId } = await gw.startOperation(await db(), { deviceId: lock.id, type: 1, userId: user.id });
    await completed(operationId);
    await eventually(async () => (await deviceRow(lock.id)).state === 6);
    expect((await activityOf(lock.id)).map((a) => [a.event, a.source, a.userId])).toEqual([[33, 1, user.id], [36, 0, null]]);
    // a process that died before its timer: the sweep finds the lock unlocked long enough
    await setDevice(lock.id, { state: 2, lastStateChangedDate: new Date(Date.now() - 60_000) });
    expect(await autoLock(await db())).toBeGreaterThanOrEqual(1);
    expect((await deviceRow(lock.id)).state).toBe(6);
  });

  it('an operation left pending by a dead process completes as timed out (reaper), once', async () => {
    const { lock, user } = await pairedLock();
    // a long command, so this process's timer stays out of the way, as if the process had died
    const { operationId } = await withLatency(30_000, async () => gw.startOperation(await db(), { deviceId: lock.id, type: 1, userId: user.id }));
    const later = new Date(Date.now() + 90_000);
    expect(await reap(await db(), later, [lock.id])).toBe(1);
    expect(await settle(await db(), operationId, later)).toBe(false);
    expect(await operationRow(operationId)).toMatchObject({ status: 'COMPLETED', result: 2 });
    expect(await deviceRow(lock.id)).toMatchObject({ state: 6, stateChangeResult: 2, busyOperationId: null });
    expect((await activityOf(lock.id)).length).toBe(1);
  });

  it('writePin waits for the lock, and times out with 408 on a timeout fault', async () => {
    const { lock } = await pairedLock();
    const t0 = Date.now();
    await gw.writePin(await db(), lock.id, { kind: 'add', pin: { id: 1, value: '13579' } });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(Number(process.env.SIM_COMMAND_MS) - 5);
    await fault(lock.id, 'timeout');
    await expect(gw.writePin(await db(), lock.id, { kind: 'remove', pinId: 1 })).rejects.toMatchObject({ code: 'device_timeout' });
    expect((await deviceRow(lock.id)).busyOperationId).toBeNull();
  });
});

describe('simulated gates (external gate system)', () => {
  it('openGate sends the impulse and logs 10000 by the user, or 10001 for an access link', async () => {
    const user = await createUser();
    const gate = await createGate();
    const { operationId } = await gw.openGate(await db(), { deviceId: gate.id, userId: user.id });
    expect(await operationRow(operationId)).toMatchObject({ status: 'COMPLETED', result: 0, deviceId: gate.id });
    const link = randomUUID();
    await gw.openGate(await db(), { deviceId: gate.id, userId: null, accessLinkId: link });
    const acts = await activityOf(gate.id);
    expect(acts.map((a) => [a.event, a.source, a.userId, a.accessLinkId])).toEqual([[10000, 1, user.id, null], [10001, 1, null, link]]);
  });

  it('412 when unlinked or gone upstream, 428 when disconnected there, 408 on a timeout fault, 409 while busy', async () => {
    const unlinked = await createGate({ isPresentInExternal: false, external: false });
    await expect(gw.openGate(await db(), { deviceId: unlinked.id, userId: null })).rejects.toMatchObject({ code: 'precondition_failed' });
    const gone = await createGate({ external: false });
    await expect(gw.openGate(await db(), { deviceId: gone.id, userId: null })).rejects.toMatchObject({ code: 'precondition_failed' });
    const off = await createGate({ external: { isConnected: false } });
    await expect(gw.openGate(await db(), { deviceId: off.id, userId: null })).rejects.toMatchObject({ code: 'device_unreachable' });
    const gate = await createGate();
    await fault(gate.id, 'timeout');
    await expect(gw.openGate(await db(), { deviceId: gate.id, userId: null })).rejects.toMatchObject({ code: 'device_timeout' });
    const first = withLatency(300, async () => gw.openGate(await db(), { deviceId: gate.id, userId: null }));
    await sleep(100);
    await expect(gw.openGate(await db(), { deviceId: gate.id, userId: null })).rejects.toMatchObject({ code: 'device_busy' });
    await first;
    expect(await gw.readExternalGate(await db(), gate.externalId!)).toMatchObject({ externalId: gate.externalId, isConnected: true, impulseLength: 1500, firmware: '3.1.0' });
    expect(await gw.readExternalGate(await db(), 'no-such-gate')).toBeNull();
  });
});
