import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { devices, type Device } from '@/db/schema';
import { getGateway, type ExternalGate } from '@/lib/devices';
import { openGateDevice } from './commands';
import { DeviceType } from '@/lib/shared/devices/codes';
import type { Ctx } from '../context';
import { audit } from '../audit';
import { NotFound } from '../errors';
import { enforceDevice, requireDeviceSecondFactor } from '../policy/enforce';
import { enforceLockdown } from '../lockdown/state';
import { loadOne, loadVisible } from './load';
import { gateShape } from './other-shapes';
import { paging } from './paging';
import { gateRefreshed } from './reports';
import type { Loaded } from './shape';

const GATE = [DeviceType.gate];

/** GET /my/gate */
export async function listGates(
  ctx: Ctx,
  f: { name?: string; isConnected?: boolean; includeUserSettings?: boolean; page?: number; itemsPerPage?: number },
) {
  const { page, itemsPerPage } = paging(f);
  // an unlinked gate has no connectivity: it matches neither true nor false
  const where: SQL | undefined =
    f.isConnected === undefined
      ? undefined
      : and(eq(devices.isConnected, f.isConnected), sql`${devices.isPresentInExternal} is not false`);
  const rows = await loadVisible(ctx, {
    types: GATE,
    text: f.name,
    where,
    page,
    itemsPerPage,
    userSettings: f.includeUserSettings,
  });
  return { page, itemsPerPage, gates: rows.map((x) => gateShape(x, f.includeUserSettings)) };
}

/** One gate the caller can see, in one statement (404 for anything else). */
async function oneGate(ctx: Ctx, id: number): Promise<Loaded> {
  const x = await loadOne(ctx, id, GATE);
  if (!x) throw NotFound('Gate');
  return x;
}

/** GET /my/gate/{id} */
export async function getGate(ctx: Ctx, input: { id: number; includeUserSettings?: boolean }) {
  return gateShape(await oneGate(ctx, input.id), input.includeUserSettings);
}

/**
 * DELETE /my/gate/{id}: the gate leaves the service (its accesses, links and log with it). The
 * external gate system is never written: a gate still there comes back, as a new device, with the
 * next full synchronization of its account. Owners and active administrators (manageDevice).
 */
export async function deleteGate(ctx: Ctx, id: number): Promise<void> {
  const x = await oneGate(ctx, id);
  enforceDevice('manageDevice', x.access, ctx.now(), { kind: 'Gate', device: x.d.name, doing: 'delete it' });
  await requireDeviceSecondFactor(ctx, id, 'manageDevice');
  await ctx.db.transaction(async (tx) => {
    const gone = await tx
      .delete(devices)
      .where(and(eq(devices.id, id), eq(devices.type, DeviceType.gate)))
      .returning({ id: devices.id });
    if (gone.length)
      await audit(tx, ctx, {
        action: 'device.delete',
        organizationId: x.d.organizationId,
        deviceId: id,
        target: { type: 'gate', id, name: x.d.name },
        before: { name: x.d.name, externalId: x.d.externalId },
      });
  });
}

/**
 * POST /my/gate/{id}/operation/unlock: opens the gate for a signed-in user whom the policy lets
 * open it now ('open': an access active now, remote opening allowed). 412 when the gate is
 * unlinked, 423 when it is disconnected (both as the external system says at that moment), 408
 * when the external system does not confirm, 409 while another opening runs. The gateway reports
 * the opening (activity 10000 by the user).
 */
export async function openGateAsUser(ctx: Ctx, id: number): Promise<void> {
  const x = await oneGate(ctx, id);
  enforceDevice('open', x.access, ctx.now(), { kind: 'Gate', device: x.d.name, doing: 'open it' });
  await enforceLockdown(ctx.db, id, ctx.caller);
  await openGateDevice(ctx.db, { deviceId: id, userId: ctx.caller.userId });
}

/**
 * Takes what the external gate system says of one gate (read-only there), in the caller's
 * transaction, the gate's row locked. Absent there -> unlinked (isPresentInExternal false, the rest
 * kept); present -> name, type, impulse length, firmware and connectivity taken from there.
 * Subscribers hear what changed (lib/domain/devices/reports).
 */
export async function refreshGate(tx: Db, id: number, ext: ExternalGate | null, now: Date): Promise<void> {
  const [g] = await tx.select().from(devices).where(eq(devices.id, id)).for('update');
  if (!g) return;
  if (!ext) {
    if (g.isPresentInExternal === false) return;
    await tx
      .update(devices)
      .set({ isPresentInExternal: false, revision: g.revision + 1 })
      .where(eq(devices.id, g.id));
    await gateRefreshed(tx, { device: g, connection: { isConnected: null, isPresentInExternal: false }, at: now });
    return;
  }
  const firmware = [
    { softwareType: 0, version: ext.firmware, updateAvailable: false },
    ...g.softwareVersions.filter((s) => s.softwareType !== 0),
  ];
  const settingsChanged =
    g.externalName !== ext.name ||
    g.externalType !== ext.type ||
    g.impulseLength !== ext.impulseLength ||
    g.softwareVersions[0]?.version !== ext.firmware;
  const connectionChanged = g.isConnected !== ext.isConnected || g.isPresentInExternal === false;
  if (!settingsChanged && !connectionChanged) return;
  const next: Partial<Device> = {
    externalName: ext.name,
    externalType: ext.type,
    impulseLength: ext.impulseLength,
    softwareVersions: firmware,
    isConnected: ext.isConnected,
    isPresentInExternal: true,
  };
  await tx
    .update(devices)
    .set({ ...next, revision: g.revision + 1 })
    .where(eq(devices.id, g.id));
  await gateRefreshed(tx, {
    device: g,
    connection: connectionChanged ? { isConnected: ext.isConnected, isPresentInExternal: true } : undefined,
    settings: settingsChanged
      ? { impulseLength: ext.impulseLength, firmware: ext.firmware, externalName: ext.name }
      : undefined,
    at: now,
  });
}

/**
 * POST /my/gate/{id}/sync: one-way refresh of one gate from the external gate system. Owners and
 * administrators whose access is active now (lib/shared/policy: manageDevice). It does not move
 * the account's next automatic full synchronization.
 */
export async function syncGate(ctx: Ctx, input: { id: number; includeUserSettings?: boolean }) {
  const seen = await oneGate(ctx, input.id);
  enforceDevice('manageDevice', seen.access, ctx.now(), { kind: 'Gate', device: seen.d.name, doing: 'synchronize it' });
  await requireDeviceSecondFactor(ctx, input.id, 'manageDevice');
  const ext = seen.d.externalId ? await getGateway().readExternalGate(ctx.db, seen.d.externalId) : null;
  await ctx.db.transaction((tx) => refreshGate(tx, input.id, ext, ctx.now()));
  return gateShape(await oneGate(ctx, input.id), input.includeUserSettings);
}
