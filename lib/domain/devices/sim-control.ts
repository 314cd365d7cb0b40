import { and, eq, inArray } from 'drizzle-orm';
import { DeviceType, devices } from '@/db/schema';
import { isLockType } from '@/lib/shared/devices/codes';
import { bridgeAddress, lockAddress } from './hardware';
import { reconcileBridge } from './reconcile';
import { getSimulatorControl, type ExternalGateChange, type Fault, type SimulatorControl } from '@/lib/devices';
import { effectiveAccess } from '../access/effective';
import type { Ctx } from '../context';
import { Conflict, Forbidden, Invalid, NotFound } from '../errors';
import { may } from '@/lib/shared/policy';
import { requireDevice, requireDeviceSecondFactor } from '../policy/enforce';

export type SimAction =
  | { action: 'connect' | 'disconnect' }
  | { action: 'battery'; level: number; charging?: boolean }
  | { action: 'door'; open: boolean }
  | { action: 'press'; how: 'button' | 'knob'; operation: 'lock' | 'unlock' }
  | { action: 'bell' }
  | { action: 'fault'; fault: Fault | null };

/** The control plane exists only where enabled; elsewhere it is not there at all (404). */
function control(): SimulatorControl {
  const c = getSimulatorControl();
  if (!c) throw NotFound('Simulator control');
  return c;
}

/**
 * The simulated hardware is driven by those who manage the device: its owner and its
 * administrators while their access is active (lib/shared/policy: driveSimulator).
 */
const requireDriver = (ctx: Ctx, deviceId: number) => requireDevice(ctx, deviceId, 'driveSimulator');

async function deviceOf(ctx: Ctx, id: number) {
  const [d] = await ctx.db
    .select({ id: devices.id, type: devices.type, connectedToId: devices.connectedToId })
    .from(devices)
    .where(eq(devices.id, id));
  if (!d) throw NotFound('Device');
  return d;
}

/** The lock whose door a lock or its door sensor stands for, with a door sensor the service knows paired to it. */
async function doorOf(ctx: Ctx, d: { id: number; type: number; connectedToId: number | null }) {
  let lockId = d.id;
  if (d.type === DeviceType.doorSensor) {
    if (!d.connectedToId) throw Conflict('This door sensor is not paired with a lock.');
    lockId = d.connectedToId;
  } else if (!isLockType(d.type)) throw Invalid('Open or close the door of a lock or its door sensor.');
  const [sensor] = await ctx.db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.type, DeviceType.doorSensor), eq(devices.connectedToId, lockId)));
  if (!sensor) throw Conflict('No door sensor is paired with this lock, so it cannot tell whether the door is open.');
  return lockAddress(ctx.db, lockId);
}

/**
 * POST /api/sim/device/{id}: make something happen to a device the caller manages. It happens at
 * the device's virtual bridge, which tells the service like a real one would (its events); the
 * answer comes once they were delivered. A bridge taken off the network cannot say so: the service
 * re-reads it at once (what its reconciler does within BRIDGE_RECONCILE_MS anyway).
 */
export async function simDeviceAction(ctx: Ctx, deviceId: number, a: SimAction) {
  const sim = control();
  await requireDriver(ctx, deviceId);
  const d = await deviceOf(ctx, deviceId);
  const lockOnly = () => {
    if (!isLockType(d.type)) throw Invalid(`Only a lock can do that (${a.action}).`);
    return lockAddress(ctx.db, d.id);
  };
  switch (a.action) {
    case 'connect':
    case 'disconnect': {
      if (d.type !== DeviceType.bridge) throw Invalid('Only a bridge can be connected or disconnected.');
      const bridge = await bridgeAddress(ctx.db, d.id);
      if (!bridge) throw Conflict('The service has no address for this bridge, so there is nothing to drive.');
      await sim.bridgeOnline(bridge, a.action === 'connect');
      await reconcileBridge(ctx.db, d.id, ctx.now());
      break;
    }
    case 'battery':
      if (d.type === DeviceType.doorSensor) {
        if (!d.connectedToId) throw Conflict('This door sensor is not paired with a lock.');
        await sim.sensorBattery(await lockAddress(ctx.db, d.connectedToId), a.level);
      } else if (isLockType(d.type)) await sim.battery(await lockAddress(ctx.db, d.id), a.level, a.charging);
      else throw Invalid('Only locks and door sensors have a battery.');
      break;
    case 'door':
      await sim.door(await doorOf(ctx, d), a.open);
      break;
    case 'press':
      if (!isLockType(d.type)) throw Invalid('Only a lock has a button and a knob.');
      // pressed through the API, the knob opens the door from afar: an opening like any other (the
      // remote flag and the schedule apply; issue 29: an administrator with remote opening disabled unlocked so)
      if (a.operation === 'unlock')
        await requireDevice(ctx, deviceId, 'open', { doing: 'unlock it with the knob from here' });
      await sim.press(await lockOnly(), a.how, a.operation);
      break;
    case 'bell':
      if (!isLockType(d.type)) throw Invalid('Only a lock has a bell button.');
      await sim.bell(await lockOnly());
      break;
    case 'fault':
      if (d.type === DeviceType.gate) await sim.setGateFault(ctx.db, d.id, a.fault);
      else await sim.setFault(await lockOnly(), a.fault);
      break;
  }
  return simDeviceState(ctx, deviceId);
}

/** GET /api/sim/device/{id}: the fault waiting for the device's next command. */
export async function simDeviceState(ctx: Ctx, deviceId: number) {
  const sim = control();
  await requireDriver(ctx, deviceId);
  const d = await deviceOf(ctx, deviceId);
  const pendingFault =
    d.type === DeviceType.gate
      ? await sim.pendingGateFault(ctx.db, d.id)
      : isLockType(d.type)
        ? await sim.pendingFault(await lockAddress(ctx.db, d.id)).catch(() => null)
        : null;
  return { deviceId, pendingFault };
}

/**
 * The simulated external gate system is driven by those who manage gates in it: an external gate
 * linked to gates of the service, by someone who may drive every one of them; one linked to none
 * yet, by someone who may drive at least one gate, in their own account there; a new one goes into
 * the caller's own account.
 */
async function requireExternalDriver(ctx: Ctx, externalId: string, account: string | null | undefined) {
  const linked = await ctx.db.select({ id: devices.id }).from(devices).where(eq(devices.externalId, externalId));
  const now = ctx.now();
  if (linked.length) {
    const access = await effectiveAccess(
      ctx.db,
      ctx.caller.userId,
      now,
      linked.map((l) => l.id),
    );
    if (!linked.some((l) => access.has(l.id))) throw NotFound('External gate');
    if (!linked.every((l) => may('driveSimulator', access.get(l.id), now)))
      throw Forbidden(
        'Only the owner and active administrators of this gate can change it in the external gate system.',
      );
    // driving it is managing it: the organization's second-factor rule covers it too
    for (const l of linked) await requireDeviceSecondFactor(ctx, l.id, 'driveSimulator');
    return;
  }
  if (!(await drivesAnyGate(ctx, now)))
    throw Forbidden('Only owners and active administrators of a gate can change the external gate system.');
  if (account !== undefined && account !== ctx.caller.userId) throw NotFound('External gate');
}

async function drivesAnyGate(ctx: Ctx, now: Date): Promise<boolean> {
  const mine = [...(await effectiveAccess(ctx.db, ctx.caller.userId, now)).values()].filter((a) =>
    may('driveSimulator', a, now),
  );
  if (!mine.length) return false;
  const gates = await ctx.db
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(
        inArray(
          devices.id,
          mine.map((a) => a.deviceId),
        ),
        eq(devices.type, DeviceType.gate),
      ),
    )
    .limit(1);
  return gates.length > 0;
}

export type ExternalGateAction = ({ action: 'add'; name: string } | { action: 'update' } | { action: 'remove' }) &
  ExternalGateChange;

const shown = <T extends { updated: Date }>(g: T) => ({ ...g, updated: g.updated.toISOString() });

/** POST /api/sim/gate: add (to the caller's account there), change or remove a gate in the simulated external system. */
export async function simExternalGateAction(ctx: Ctx, a: ExternalGateAction) {
  const sim = control();
  const existing = (await sim.externalGates.list(ctx.db)).find((g) => g.externalId === a.externalId);
  await requireExternalDriver(ctx, a.externalId, a.action === 'add' ? undefined : (existing?.account ?? null));
  const { action, ...change } = a;
  if (action === 'add')
    return shown(await sim.externalGates.add(ctx.db, ctx.caller.userId, { ...change, name: a.name! }));
  if (action === 'update') return shown(await sim.externalGates.update(ctx.db, change));
  await sim.externalGates.remove(ctx.db, a.externalId);
  return null;
}

/** GET /api/sim/gate: the external gates linked to gates the caller drives, and their own account's unlinked ones when they drive any gate. */
export async function simExternalGates(ctx: Ctx) {
  const sim = control();
  const now = ctx.now();
  const all = await sim.externalGates.list(ctx.db);
  const linked = await ctx.db
    .select({ id: devices.id, externalId: devices.externalId })
    .from(devices)
    .where(inArray(devices.externalId, all.map((g) => g.externalId).concat('')));
  const access = await effectiveAccess(
    ctx.db,
    ctx.caller.userId,
    now,
    linked.map((l) => l.id),
  );
  const drives = (externalId: string) => {
    const mine = linked.filter((l) => l.externalId === externalId);
    return mine.length ? mine.every((l) => may('driveSimulator', access.get(l.id), now)) : null;
  };
  const anyGate = await drivesAnyGate(ctx, now);
  return all.filter((g) => drives(g.externalId) ?? (anyGate && g.account === ctx.caller.userId)).map(shown);
}
