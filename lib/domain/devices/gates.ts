import { and, eq, sql, type SQL } from 'drizzle-orm';
import { DeviceType, devices } from '@/db/schema';
import { getGateway } from '@/lib/devices';
import type { Ctx } from '../context';
import { NotFound } from '../errors';
import { enforceDevice } from '../policy/enforce';
import { enqueueWebhookEvent } from '../webhooks/outbox';
import { loadVisible } from './load';
import { gateShape } from './other-shapes';
import { paging } from './paging';

/** GET /my/gate */
export async function listGates(ctx: Ctx, f: { name?: string; isConnected?: boolean; includeUserSettings?: boolean; page?: number; itemsPerPage?: number }) {
  const { page, itemsPerPage } = paging(f);
  // an unlinked gate has no connectivity: it matches neither true nor false
  const where: SQL | undefined = f.isConnected === undefined ? undefined : and(eq(devices.isConnected, f.isConnected), sql`${devices.isPresentInExternal} is not false`);
  const rows = await loadVisible(ctx, { types: [DeviceType.gate], text: f.name, where, page, itemsPerPage, userSettings: f.includeUserSettings });
  return { page, itemsPerPage, gates: rows.map((x) => gateShape(x, f.includeUserSettings)) };
}

/**
 * POST /my/gate/{id}/sync: one-way refresh from the external gate system, which is only read.
 * Absent there -> unlinked (isPresentInExternal false, the rest kept); present -> name, type,
 * impulse length, firmware and connectivity taken from there. Owners and administrators whose
 * access is active now (lib/domain/policy: manageDevice).
 */
export async function syncGate(ctx: Ctx, input: { id: number; includeUserSettings?: boolean }) {
  const [seen] = await loadVisible(ctx, { types: [DeviceType.gate], ids: [input.id] });
  if (!seen) throw NotFound('Gate');
  enforceDevice('manageDevice', seen.access, ctx.now(), { kind: 'Gate', device: seen.d.name, doing: 'synchronize it' });
  const ext = seen.d.externalId ? await getGateway().readExternalGate(seen.d.externalId) : null;
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [g] = await tx.select().from(devices).where(eq(devices.id, input.id)).for('update');
    if (!ext) {
      if (g.isPresentInExternal !== false) {
        await tx.update(devices).set({ isPresentInExternal: false, revision: g.revision + 1 }).where(eq(devices.id, g.id));
        await enqueueWebhookEvent(tx, 'device-connection-changed', g, { isConnected: null, isPresentInExternal: false }, now);
      }
      return;
    }
    const firmware = [{ softwareType: 0, version: ext.firmware, updateAvailable: false }, ...g.softwareVersions.filter((s) => s.softwareType !== 0)];
    const next = { externalName: ext.name, externalType: ext.type, impulseLength: ext.impulseLength, softwareVersions: firmware, isConnected: ext.isConnected, isPresentInExternal: true };
    const settingsChanged = g.externalName !== ext.name || g.externalType !== ext.type || g.impulseLength !== ext.impulseLength || g.softwareVersions[0]?.version !== ext.firmware;
    const connectionChanged = g.isConnected !== ext.isConnected || g.isPresentInExternal === false;
    if (!settingsChanged && !connectionChanged) return;
    await tx.update(devices).set({ ...next, revision: g.revision + 1 }).where(eq(devices.id, g.id));
    if (connectionChanged) await enqueueWebhookEvent(tx, 'device-connection-changed', g, { isConnected: ext.isConnected, isPresentInExternal: true }, now);
    if (settingsChanged) await enqueueWebhookEvent(tx, 'device-settings-changed', g, { impulseLength: ext.impulseLength, firmware: ext.firmware, externalName: ext.name }, now);
  });
  const [fresh] = await loadVisible(ctx, { types: [DeviceType.gate], ids: [input.id], userSettings: input.includeUserSettings });
  return gateShape(fresh, input.includeUserSettings);
}
