import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { config } from '@/lib/config';
import { withConfig } from '@/tests/support/config';
import { getGateway } from '@/lib/devices';
import { openGateDevice, operationProgress, startLockOperation } from '@/lib/domain/devices/commands';
import { lockAddress } from '@/lib/domain/devices/hardware';
import { settleOverdue } from '@/lib/domain/devices/reconcile';
import { hardware } from '../support/bridges';
import { createBridge, createLock, createUser, db } from '../support/factories/core';
import {
  activityOf,
  createDoorSensor,
  createGate,
  deviceRow,
  eventually,
  fault,
  lockHardware,
  operationRow,
  outboxOf,
  setDevice,
  sleep,
} from '../support/factories/devices';

/**
 * Locks on a virtual bridge, through the gateway over the Tedee Bridge API (the physics the
 * in-process simulator had, now the hardware's): the domain's command helpers give the gateway the
 * lock's address; the lock's events come back over HTTP to this process's stand-in of the service.
 */
const gw = getGateway();

async function pairedLock() {
  const bridge = await createBridge();
  const lock = await createLock({ bridge });
  const user = await createUser();
  return { bridge, lock, user };
}

/** Runs `fn` with another command time of the virtual locks (read when a command reaches the lock). */
const withLatency = <T>(ms: number, fn: () => Promise<T>): Promise<T> => withConfig({ SIM_COMMAND_MS: String(ms) }, fn);

const start = async (deviceId: number, type: 0 | 1 | 2, userId: string, mode?: number) =>
  startLockOperation(await db(), { deviceId, type, mode, userId });

const completed = (id: string) =>
  eventually(async () => {
    const op = await operationProgress(await db(), id);
    return op?.status === 'COMPLETED' ? op : null;
  });

/** Makes time pass for a lock's hardware (its bridge's clock) and waits for what it says meanwhile. */
async function later(lockId: number, ms: number) {
  const b = hardware.bridgeOfLock(lockId)!;
  b.clock.advance(ms);
  await b.idle();
}

describe('lock commands over the bridge protocol', () => {
  it('unlock passes through unlocking, completes as unlocked, records activity 33 and one final webhook', async () => {
    const { lock, user } = await pairedLock();
    const { operationId, lastStateChangedDate } = await withLatency(800, () => start(lock.id, 1, user.id));
    expect(lastStateChangedDate).toBeInstanceOf(Date);
    expect((await deviceRow(lock.id)).state).toBe(4);
    expect((await operationProgress(await db(), operationId))?.status).toBe('PENDING');
    const op = await completed(operationId);
    expect(op).toMatchObject({ deviceId: lock.id, type: 1, result: 0 });
    expect(await deviceRow(lock.id)).toMatchObject({ state: 2, stateChangeResult: 0 });
    const acts = await activityOf(lock.id);
    expect(acts.map((a) => [a.event, a.source, a.userId, a.username])).toEqual([[33, 1, user.id, user.displayName]]);
    const out = await outboxOf(lock.id);
    expect(out.map((o) => o.event)).toEqual(['lock-status-changed']);
    expect((out[0].payload as any).data).toMatchObject({ deviceId: lock.id, state: 2, stateChangeResult: 0 });
  });

  it('a second command while one runs is refused by the lock (409, DeviceBusy), and leaves no trace', async () => {
    const { lock, user } = await pairedLock();
    const first = await withLatency(800, () => start(lock.id, 1, user.id));
    await expect(start(lock.id, 0, user.id)).rejects.toMatchObject({ code: 'device_busy' });
    await expect(
      gw.writePin(await db(), await lockAddress(await db(), lock.id), { kind: 'remove', pinId: 1 }),
    ).rejects.toMatchObject({ code: 'device_busy' });
    // the refused one was never an operation; the lock still shows the one it works on
    expect((await deviceRow(lock.id)).state).toBe(4);
    await completed(first.operationId);
    expect((await activityOf(lock.id)).map((a) => a.event)).toEqual([33]);
  });

  it('a lock without a bridge or with a disconnected bridge is unreachable (428), and nothing is sent', async () => {
    const user = await createUser();
    const lonely = await createLock();
    await expect(start(lonely.id, 1, user.id)).rejects.toMatchObject({ code: 'device_unreachable' });
    const { bridge, lock } = await pairedLock();
    await setDevice(bridge.id, { isConnected: false });
    await expect(start(lock.id, 1, user.id)).rejects.toMatchObject({ code: 'device_unreachable' });
    await expect(
      gw.writePin(await db(), await lockAddress(await db(), lock.id), { kind: 'remove', pinId: 1 }),
    ).rejects.toMatchObject({ code: 'device_unreachable' });
    expect(hardware.lock(lock.id)!.state).toBe(6);
  });

  it('timeout fault: the lock stays silent, then where it was: result 2, state restored, stateChangeResult 2', async () => {
    const { lock, user } = await pairedLock();
    await fault(lock.id, 'timeout');
    const { operationId } = await start(lock.id, 1, user.id);
    expect((await completed(operationId)).result).toBe(2);
    expect(await deviceRow(lock.id)).toMatchObject({ state: 6, stateChangeResult: 2 });
    expect((await activityOf(lock.id)).map((a) => a.event)).toEqual([20001]);
  });

  it('jam fault: result 1, semi-locked, stateChangeResult 1, event 40', async () => {
    const { lock, user } = await pairedLock();
    await fault(lock.id, 'jam');
    const { operationId } = await start(lock.id, 0, user.id);
    expect((await completed(operationId)).result).toBe(1);
    expect(await deviceRow(lock.id)).toMatchObject({ state: 3, stateChangeResult: 1 });
    expect((await activityOf(lock.id)).map((a) => a.event)).toEqual([40]);
  });

  it('slow fault: still pending after the usual time, completes later', async () => {
    const { lock, user } = await pairedLock();
    await fault(lock.id, 'slow');
    const { operationId } = await withLatency(300, () => start(lock.id, 1, user.id));
    await sleep(400); // the usual time has passed; a slow command takes four times as long
    expect((await operationProgress(await db(), operationId))?.status).toBe('PENDING');
    expect((await completed(operationId)).result).toBe(0);
  });

  it('pull goes pulling -> pulled, then back to unlocked after pullSpringDuration (the lock’s own clock)', async () => {
    const { lock, user } = await pairedLock();
    await lockHardware(lock.id, { pullSpringDuration: 0.2 });
    const { operationId } = await start(lock.id, 2, user.id);
    expect((await deviceRow(lock.id)).state).toBe(8);
    await completed(operationId);
    expect((await deviceRow(lock.id)).state).toBe(7);
    await eventually(async () => (await deviceRow(lock.id)).state === 2);
    expect((await activityOf(lock.id)).map((a) => a.event)).toEqual([51]);
    expect((await outboxOf(lock.id)).map((o) => (o.payload as any).data.state)).toEqual([7, 2]);
  });

  it('unlock modes: auto pull spring pulls unless mode 3; mode 4 pulls a lock already unlocked', async () => {
    const { lock, user } = await pairedLock();
    await lockHardware(lock.id, { autoPullSpringEnabled: true, pullSpringDuration: 30 });
    const run = async (mode?: number) => {
      const { operationId } = await start(lock.id, 1, user.id, mode);
      await completed(operationId);
      return (await deviceRow(lock.id)).state;
    };
    expect(await run()).toBe(7);
    await setDevice(lock.id, { state: 6 });
    expect(await run(3)).toBe(2);
    await lockHardware(lock.id, { autoPullSpringEnabled: false });
    expect(await run(4)).toBe(7);
  });

  it('auto lock: an unlocked lock locks itself after autoLockDelay (event 36 at the device), by its own clock', async () => {
    const { lock, user } = await pairedLock();
    await lockHardware(lock.id, { autoLockEnabled: true, autoLockDelay: 0.2 });
    const { operationId } = await start(lock.id, 1, user.id);
    await completed(operationId);
    await eventually(async () => (await deviceRow(lock.id)).state === 6);
    expect((await activityOf(lock.id)).map((a) => [a.event, a.source, a.userId])).toEqual([
      [33, 1, user.id],
      [36, 0, null],
    ]);
    // a minute-long delay: the test makes the minute pass for the hardware
    await lockHardware(lock.id, { autoLockDelay: 60 });
    await setDevice(lock.id, { state: 2 });
    await later(lock.id, 59_000);
    expect((await deviceRow(lock.id)).state).toBe(2);
    await later(lock.id, 1_500);
    expect((await deviceRow(lock.id)).state).toBe(6);
  });

  it('an operation whose outcome never arrives (its events lost, its bridge gone) ends as not confirmed past its time, once', async () => {
    const { lock, user } = await pairedLock();
    const b = hardware.bridgeOfLock(lock.id)!;
    b.delivery.drop = 10; // the lock's events never reach the service
    const { operationId } = await start(lock.id, 1, user.id);
    await sleep(200); // the lock has finished meanwhile; nobody heard
    b.online = false; // and its bridge is gone when the service asks
    const past = new Date(Date.now() + 60_000);
    expect(await settleOverdue(await db(), past, [lock.id])).toBe(1);
    expect(await settleOverdue(await db(), past, [lock.id])).toBe(0);
    expect(await operationRow(operationId)).toMatchObject({ status: 'COMPLETED', result: 2 });
    expect(await deviceRow(lock.id)).toMatchObject({ state: 6, stateChangeResult: 2 });
    expect((await activityOf(lock.id)).map((a) => a.event)).toEqual([20001]);
  });

  it("a door sensor's battery news reaches the sensor, never its lock nor another lock's sensor", async () => {
    const { bridge, lock } = await pairedLock();
    const sensor = await createDoorSensor(lock);
    const other = await createLock({ bridge });
    const otherSensor = await createDoorSensor(other);
    await setDevice(lock.id, { batteryLevel: 80 });
    await hardware.lock(lock.id)!.sensorBattery(15);
    await hardware.bridgeOfLock(lock.id)!.idle();
    await eventually(async () => ((await deviceRow(sensor.id)).batteryLevel === 15 ? true : null));
    expect((await deviceRow(lock.id)).batteryLevel).toBe(80);
    expect((await deviceRow(otherSensor.id)).batteryLevel).toBe(90);
    await hardware.lock(other.id)!.sensorBattery(40);
    await hardware.bridgeOfLock(other.id)!.idle();
    await eventually(async () => ((await deviceRow(otherSensor.id)).batteryLevel === 40 ? true : null));
    expect((await deviceRow(sensor.id)).batteryLevel).toBe(15);
  });

  it('writePin waits for the lock, and times out with 408 on a timeout fault; the lock is free again after', async () => {
    const { lock } = await pairedLock();
    const addr = await lockAddress(await db(), lock.id);
    const t0 = Date.now();
    await gw.writePin(await db(), addr, { kind: 'add', pin: { id: 1, value: '13579' } });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(config().SIM_COMMAND_MS - 5);
    expect(hardware.lock(lock.id)!.pins.get(1)?.value).toBe('13579');
    await fault(lock.id, 'timeout');
    await expect(gw.writePin(await db(), addr, { kind: 'remove', pinId: 1 })).rejects.toMatchObject({
      code: 'device_timeout',
    });
    expect(hardware.lock(lock.id)!.busy()).toBe(false);
    expect(hardware.lock(lock.id)!.pins.has(1)).toBe(true);
  });
});

describe('simulated gates (external gate system)', () => {
  it('openGate sends the impulse and logs 10000 by the user, or 10001 for an access link', async () => {
    const user = await createUser();
    const gate = await createGate();
    const { operationId } = await openGateDevice(await db(), { deviceId: gate.id, userId: user.id });
    expect(await operationRow(operationId)).toMatchObject({ status: 'COMPLETED', result: 0, deviceId: gate.id });
    const link = randomUUID();
    await openGateDevice(await db(), { deviceId: gate.id, userId: null, accessLinkId: link });
    const acts = await activityOf(gate.id);
    expect(acts.map((a) => [a.event, a.source, a.userId, a.accessLinkId])).toEqual([
      [10000, 1, user.id, null],
      [10001, 1, null, link],
    ]);
  });

  it('412 when unlinked or gone upstream, 423 when disconnected there, 408 on a timeout fault, 409 while busy', async () => {
    const open = async (deviceId: number) => openGateDevice(await db(), { deviceId, userId: null });
    const unlinked = await createGate({ isPresentInExternal: false, external: false });
    await expect(open(unlinked.id)).rejects.toMatchObject({ code: 'precondition_failed' });
    const gone = await createGate({ external: false });
    await expect(open(gone.id)).rejects.toMatchObject({ code: 'precondition_failed' });
    const off = await createGate({ external: { isConnected: false } });
    await expect(open(off.id)).rejects.toMatchObject({ code: 'gate_disconnected' });
    const gate = await createGate();
    await fault(gate.id, 'timeout');
    await expect(open(gate.id)).rejects.toMatchObject({ code: 'device_timeout' });
    const first = withLatency(300, () => open(gate.id));
    await sleep(100);
    await expect(open(gate.id)).rejects.toMatchObject({ code: 'device_busy' });
    await first;
    expect(await gw.readExternalGate(await db(), gate.externalId!)).toMatchObject({
      externalId: gate.externalId,
      isConnected: true,
      impulseLength: 1500,
      firmware: '3.1.0',
    });
    expect(await gw.readExternalGate(await db(), 'no-such-gate')).toBeNull();
  });
});
