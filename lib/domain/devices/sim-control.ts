import { and, eq, inArray } from 'drizzle-orm';
import { DeviceType, devices } from '@/db/schema';
import { getSimulatorControl, type ExternalGateChange, type Fault, type SimulatorControl } from '@/lib/devices';
import { effectiveAccess } from '../access/effective';
import type { Ctx } from '../context';
import { Forbidden, NotFound } from '../errors';
import { may } from '../policy';
import { requireDevice } from '../policy/enforce';

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
 * administrators while their access is active (lib/domain/policy: driveSimulator).
 */
const requireDriver = (ctx: Ctx, deviceId: number) => requireDevice(ctx, deviceId, 'driveSimulator');

/** POST /api/sim/device/{id}: make something happen to a device the caller manages. */
export async function simDeviceAction(ctx: Ctx, deviceId: number, a: SimAction) {
  const sim = control();
  await requireDriver(ctx, deviceId);
  const now = ctx.now();
  switch (a.action) {
    case 'connect':
    case 'disconnect':
      await sim.connectBridge(ctx.db, deviceId, a.action === 'connect', now);
      break;
    case 'battery':
      await sim.battery(ctx.db, deviceId, a.level, a.charging, now);
      break;
    case 'door':
      await sim.door(ctx.db, deviceId, a.open, now);
      break;
    case 'press':
      await sim.press(ctx.db, deviceId, a.how, a.operation, now);
      break;
    case 'bell':
      await sim.bell(ctx.db, deviceId, now);
      break;
    case 'fault':
      await sim.setFault(ctx.db, deviceId, a.fault);
      break;
  }
  return simDeviceState(ctx, deviceId);
}

/** GET /api/sim/device/{id}: what the simulator holds for the device. */
export async function simDeviceState(ctx: Ctx, deviceId: number) {
  const sim = control();
  await requireDriver(ctx, deviceId);
  return { deviceId, pendingFault: await sim.pendingFault(ctx.db, deviceId) };
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
    const access = await effectiveAccess(ctx.db, ctx.caller.userId, now, linked.map((l) => l.id));
    if (!linked.some((l) => access.has(l.id))) throw NotFound('External gate');
    if (!linked.every((l) => may('driveSimulator', access.get(l.id), now))) throw Forbidden('Only the owner and active administrators of this gate can change it in the external gate system.');
    return;
  }
  if (!(await drivesAnyGate(ctx, now))) throw Forbidden('Only owners and active administrators of a gate can change the external gate system.');
  if (account !== undefined && account !== ctx.caller.userId) throw NotFound('External gate');
}

async function drivesAnyGate(ctx: Ctx, now: Date): Promise<boolean> {
  const mine = [...(await effectiveAccess(ctx.db, ctx.caller.userId, now)).values()].filter((a) => may('driveSimulator', a, now));
  if (!mine.length) return false;
  const gates = await ctx.db.select({ id: devices.id }).from(devices).where(and(inArray(devices.id, mine.map((a) => a.deviceId)), eq(devices.type, DeviceType.gate))).limit(1);
  return gates.length > 0;
}

export type ExternalGateAction = ({ action: 'add'; name: string } | { action: 'update' } | { action: 'remove' }) & ExternalGateChange;

const shown = <T extends { updated: Date }>(g: T) => ({ ...g, updated: g.updated.toISOString() });

/** POST /api/sim/gate: add (to the caller's account there), change or remove a gate in the simulated external system. */
export async function simExternalGateAction(ctx: Ctx, a: ExternalGateAction) {
  const sim = control();
  const existing = (await sim.externalGates.list(ctx.db)).find((g) => g.externalId === a.externalId);
  await requireExternalDriver(ctx, a.externalId, a.action === 'add' ? undefined : (existing?.account ?? null));
  const { action, ...change } = a;
  if (action === 'add') return shown(await sim.externalGates.add(ctx.db, ctx.caller.userId, { ...change, name: a.name! }));
  if (action === 'update') return shown(await sim.externalGates.update(ctx.db, change));
  await sim.externalGates.remove(ctx.db, a.externalId);
  return null;
}

/** GET /api/sim/gate: the external gates linked to gates the caller drives, and their own account's unlinked ones when they drive any gate. */
export async function simExternalGates(ctx: Ctx) {
  const sim = control();
  const now = ctx.now();
  const all = await sim.externalGates.list(ctx.db);
  const linked = await ctx.db.select({ id: devices.id, externalId: devices.externalId }).from(devices).where(inArray(devices.externalId, all.map((g) => g.externalId).concat('')));
  const access = await effectiveAccess(ctx.db, ctx.caller.userId, now, linked.map((l) => l.id));
  const drives = (externalId: string) => {
    const mine = linked.filter((l) => l.externalId === externalId);
    return mine.length ? mine.every((l) => may('driveSimulator', access.get(l.id), now)) : null;
  };
  const anyGate = await drivesAnyGate(ctx, now);
  return all.filter((g) => drives(g.externalId) ?? (anyGate && g.account === ctx.caller.userId)).map(shown);
}
