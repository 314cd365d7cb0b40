import { eq, inArray } from 'drizzle-orm';
import { devices, simDeviceFaults } from '@/db/schema';
import { simControlEnabled } from '@/lib/devices/simulator/config';
import { pressAtDoor, ringBell, setBattery, setBridgeConnected, setDoor } from '@/lib/devices/simulator/control';
import { addExternalGate, listExternalGates, removeExternalGate, updateExternalGate, type ExternalGateChange } from '@/lib/devices/simulator/external';
import { setFault, type Fault } from '@/lib/devices/simulator/faults';
import { effectiveAccess, requireDeviceAccess } from '../access/effective';
import type { Ctx } from '../context';
import { NotFound } from '../errors';

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

/** POST /api/sim/device/{id}: make something happen to a device the caller can see. */
export async function simDeviceAction(ctx: Ctx, deviceId: number, a: SimAction) {
  requireEnabled();
  await requireDeviceAccess(ctx, deviceId);
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
  await requireDeviceAccess(ctx, deviceId);
  const [f] = await ctx.db.select().from(simDeviceFaults).where(eq(simDeviceFaults.deviceId, deviceId));
  return { deviceId, pendingFault: f?.fault ?? null };
}

/** An external gate linked to a device the caller cannot see is not theirs to change. */
async function requireExternalVisible(ctx: Ctx, externalId: string) {
  const linked = await ctx.db.select({ id: devices.id }).from(devices).where(eq(devices.externalId, externalId));
  if (!linked.length) return;
  const seen = await effectiveAccess(ctx.db, ctx.caller.userId, ctx.now(), linked.map((l) => l.id));
  if (!seen.size) throw NotFound('External gate');
}

export type ExternalGateAction = ({ action: 'add'; name: string } | { action: 'update' } | { action: 'remove' }) & ExternalGateChange;

/** POST /api/sim/gate: add, change or remove a gate in the simulated external system. */
export async function simExternalGateAction(ctx: Ctx, a: ExternalGateAction) {
  requireEnabled();
  await requireExternalVisible(ctx, a.externalId);
  const { action, ...change } = a;
  if (action === 'add') return addExternalGate(ctx.db, { ...change, name: a.name! });
  if (action === 'update') return updateExternalGate(ctx.db, change);
  await removeExternalGate(ctx.db, a.externalId);
  return null;
}

/** GET /api/sim/gate: the external gates linked to the caller's gates (plus unlinked upstream ones). */
export async function simExternalGates(ctx: Ctx) {
  requireEnabled();
  const all = await listExternalGates(ctx.db);
  const linked = await ctx.db.select({ id: devices.id, externalId: devices.externalId }).from(devices).where(inArray(devices.externalId, all.map((g) => g.externalId).concat('')));
  const seen = await effectiveAccess(ctx.db, ctx.caller.userId, ctx.now(), linked.map((l) => l.id));
  const hidden = new Set(linked.filter((l) => !seen.has(l.id)).map((l) => l.externalId));
  return all.filter((g) => !hidden.has(g.externalId)).map((g) => ({ ...g, updated: g.updated.toISOString() }));
}
