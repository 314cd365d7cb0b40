import { and, eq, inArray } from 'drizzle-orm';
import { devices, simDeviceFaults } from '@/db/schema';
import { simControlEnabled } from '@/lib/devices/simulator/config';
import { pressAtDoor, ringBell, setBattery, setBridgeConnected, setDoor } from '@/lib/devices/simulator/control';
import { addExternalGate, listExternalGates, removeExternalGate, updateExternalGate, type ExternalGateChange } from '@/lib/devices/simulator/external';
import { setFault, type Fault } from '@/lib/devices/simulator/faults';
import { DeviceType } from '@/db/schema';
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
function requireEnabled() {
  if (!simControlEnabled()) throw NotFound('Simulator control');
}

/**
 * The simulated hardware is driven by those who manage the device: its owner and its
 * administrators while their access is active (lib/domain/policy: driveSimulator).
 */
const requireDriver = (ctx: Ctx, deviceId: number) => requireDevice(ctx, deviceId, 'driveSimulator');

/** POST /api/sim/device/{id}: make something happen to a device the caller manages. */
export async function simDeviceAction(ctx: Ctx, deviceId: number, a: SimAction) {
  requireEnabled();
  await requireDriver(ctx, deviceId);
  const [d] = await ctx.db.select().from(devices).where(eq(devices.id, deviceId));
  const now = ctx.now();
  switch (a.action) {
    case 'connect':
    case 'disconnect':
      await setBridgeConnected(ctx.db, d, a.action === 'connect', now);
      break;
    case 'battery':
      await setBattery(ctx.db, d, a.level, a.charging, now);
      break;
    case 'door':
      await setDoor(ctx.db, d, a.open, now);
      break;
    case 'press':
      await pressAtDoor(ctx.db, d, a.how, a.operation, now);
      break;
    case 'bell':
      await ringBell(ctx.db, d, now);
      break;
    case 'fault':
      await setFault(ctx.db, d.id, a.fault);
      break;
  }
  return simDeviceState(ctx, deviceId);
}

/** GET /api/sim/device/{id}: what the simulator holds for the device. */
export async function simDeviceState(ctx: Ctx, deviceId: number) {
  requireEnabled();
  await requireDriver(ctx, deviceId);
  const [f] = await ctx.db.select().from(simDeviceFaults).where(eq(simDeviceFaults.deviceId, deviceId));
  return { deviceId, pendingFault: f?.fault ?? null };
}

/**
 * The simulated external gate system is driven by those who manage gates in it: an external gate
 * linked to gates of the service, by someone who may drive every one of them; one linked to none
 * yet (or a new one), by someone who may drive at least one gate.
 */
async function requireExternalDriver(ctx: Ctx, externalId: string) {
  const linked = await ctx.db.select({ id: devices.id }).from(devices).where(eq(devices.externalId, externalId));
  const now = ctx.now();
  if (linked.length) {
    const access = await effectiveAccess(ctx.db, ctx.caller.userId, now, linked.map((l) => l.id));
    if (!linked.some((l) => access.has(l.id))) throw NotFound('External gate');
    if (!linked.every((l) => may('driveSimulator', access.get(l.id), now))) throw Forbidden('Only the owner and active administrators of this gate can change it in the external gate system.');
    return;
  }
  if (!(await drivesAnyGate(ctx, now))) throw Forbidden('Only owners and active administrators of a gate can change the external gate system.');
}

async function drivesAnyGate(ctx: Ctx, now: Date): Promise<boolean> {
  const mine = [...(await effectiveAccess(ctx.db, ctx.caller.userId, now)).values()].filter((a) => may('driveSimulator', a, now));
  if (!mine.length) return false;
  const gates = await ctx.db.select({ id: devices.id }).from(devices).where(and(inArray(devices.id, mine.map((a) => a.deviceId)), eq(devices.type, DeviceType.gate))).limit(1);
  return gates.length > 0;
}

export type ExternalGateAction = ({ action: 'add'; name: string } | { action: 'update' } | { action: 'remove' }) & ExternalGateChange;

/** POST /api/sim/gate: add, change or remove a gate in the simulated external system. */
export async function simExternalGateAction(ctx: Ctx, a: ExternalGateAction) {
  requireEnabled();
  await requireExternalDriver(ctx, a.externalId);
  const { action, ...change } = a;
  if (action === 'add') return addExternalGate(ctx.db, { ...change, name: a.name! });
  if (action === 'update') return updateExternalGate(ctx.db, change);
  await removeExternalGate(ctx.db, a.externalId);
  return null;
}

/** GET /api/sim/gate: the external gates linked to gates the caller drives, and unlinked ones when they drive any gate. */
export async function simExternalGates(ctx: Ctx) {
  requireEnabled();
  const now = ctx.now();
  const all = await listExternalGates(ctx.db);
  const linked = await ctx.db.select({ id: devices.id, externalId: devices.externalId }).from(devices).where(inArray(devices.externalId, all.map((g) => g.externalId).concat('')));
  const access = await effectiveAccess(ctx.db, ctx.caller.userId, now, linked.map((l) => l.id));
  const drives = (externalId: string) => {
    const mine = linked.filter((l) => l.externalId === externalId);
    return mine.length ? mine.every((l) => may('driveSimulator', access.get(l.id), now)) : null;
  };
  const anyGate = await drivesAnyGate(ctx, now);
  return all.filter((g) => drives(g.externalId) ?? anyGate).map((g) => ({ ...g, updated: g.updated.toISOString() }));
}
