import { isIP } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import {
  AccessLevel,
  bridgeLinks,
  DeviceType,
  deviceAccess,
  devices,
  organizations,
  organizationUsers,
} from '@/db/schema';
import { bridgeAllowLoopback } from '@/lib/config/bridges';
import { getGateway, type BridgeAddress, type BridgeSnapshot, type TokenMode } from '@/lib/devices';
import { LOCK_SETTING_DEFAULTS } from '@/lib/shared/devices/codes';
import { audit } from '../audit';
import type { Ctx } from '../context';
import { Conflict, Invalid, NotFound } from '../errors';
import { requireOrg } from '../policy/enforce';
import { onlySite } from '../sites/only';
import { saveBridgeLink } from './bridge-links';
import { bridgeAddress } from './hardware';
import { applyBridgeSnapshot, ensureCallback } from './reconcile';

/**
 * Adding a real bridge (docs/devices.md, "Adding a bridge"): an organization's administrator enters
 * the bridge's address and the API token the Tedee app shows (Bridge settings > Local API); the
 * service checks the bridge (GET /bridge), lists its locks, adds the ones chosen under the names
 * given, and registers its callback. Removing a bridge removes its callback first.
 *
 * The service calls the address it is given, so an address is an IP (what the app shows) in a
 * private network, never a name (no rebinding) nor a public or link-local address (no reaching the
 * cloud's metadata or the internet in the service's name); loopback only where BRIDGE_ALLOW_LOOPBACK=1
 * (the demo and the tests, whose virtual bridges run beside the server).
 */

export interface BridgeAccess {
  address: string;
  token: string;
  tokenMode: TokenMode;
}

const PRIVATE_V4 = [
  [10, 0, 8],
  [172, 16, 12],
  [192, 168, 16],
] as const;

function v4Private(ip: string, loopback: boolean): boolean {
  const [a, b] = ip.split('.').map(Number);
  if (a === 127) return loopback;
  return PRIVATE_V4.some(([x, y, bits]) => a === x && (bits === 8 || (bits === 12 ? b >= 16 && b <= 31 : b === y)));
}

function v6Private(ip: string, loopback: boolean): boolean {
  const lower = ip.toLowerCase();
  if (lower === '::1') return loopback;
  // unique local addresses fc00::/7
  return /^f[cd][0-9a-f]{2}:/.test(lower);
}

/**
 * The bridge's base URL from what a person typed: `192.168.1.25`, `192.168.1.25:8080`,
 * `http://192.168.1.25:80`, `[fd00::25]:80` (a path after it is kept: a bridge behind a proxy).
 */
export function bridgeBaseUrl(address: string): string {
  const raw = address.trim();
  const withScheme = /^https?:\/\//i.test(raw) ? raw : `http://${raw}`;
  let u: URL;
  try {
    u = new URL(withScheme);
  } catch {
    throw Invalid(
      'address: enter the bridge’s IP address as the Tedee app shows it (Bridge settings > Local API), e.g. 192.168.1.25.',
    );
  }
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const kind = isIP(host);
  if (!kind)
    throw Invalid(
      'address: enter the bridge’s IP address (not a name) as the Tedee app shows it, e.g. 192.168.1.25 or 192.168.1.25:80.',
    );
  const loopback = bridgeAllowLoopback();
  if (!(kind === 4 ? v4Private(host, loopback) : v6Private(host, loopback)))
    throw Invalid(
      'address: a bridge is on a local network: its address is private (10.x, 172.16-31.x, 192.168.x, or fd00::/8). Reach bridges elsewhere through a VPN (docs/devices.md).',
    );
  if (u.username || u.password || u.search || u.hash) throw Invalid('address: only the IP address, a port and a path.');
  return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
}

/** The address as the gateway takes it, before the bridge is the service's. */
const probeAddress = (a: BridgeAccess): BridgeAddress => ({
  id: 0,
  type: DeviceType.bridge,
  baseUrl: bridgeBaseUrl(a.address),
  token: a.token,
  tokenMode: a.tokenMode,
  isConnected: null,
  capabilities: [],
});

/** What the bridge is and holds, or why not, in words (400 token refused, 412 not a Tedee bridge of API v1, 428 nothing answers). */
async function read(a: BridgeAccess): Promise<{ address: BridgeAddress; snapshot: BridgeSnapshot }> {
  const address = probeAddress(a);
  return { address, snapshot: await getGateway().readBridge(address) };
}

async function added(ctx: Ctx, serialNumber: string) {
  const [d] = await ctx.db
    .select({ id: devices.id, name: devices.name })
    .from(devices)
    .where(and(eq(devices.serialNumber, serialNumber), eq(devices.type, DeviceType.bridge)));
  return d ?? null;
}

const lockView = (l: BridgeSnapshot['locks'][number]) => ({
  id: l.remoteId,
  name: l.name,
  type: l.type,
  serialNumber: l.serialNumber,
  isConnected: l.isConnected,
  state: l.state,
  batteryLevel: l.batteryLevel,
});

/** POST /organization/{id}/bridge/check: the bridge at this address, its locks, and whether the service has it already. */
export async function checkBridge(ctx: Ctx, organizationId: number, a: BridgeAccess) {
  await requireOrg(ctx, organizationId, 'manageBridges');
  const { snapshot } = await read(a);
  const existing = await added(ctx, snapshot.serialNumber);
  return {
    bridge: {
      name: snapshot.name,
      serialNumber: snapshot.serialNumber,
      version: snapshot.version,
      isConnected: snapshot.isConnected,
      capabilities: snapshot.capabilities,
      alreadyAdded: existing !== null,
    },
    locks: snapshot.locks.map(lockView),
  };
}

/**
 * POST /organization/{id}/bridge: adds the bridge and the locks chosen (by their id on it, under the
 * names given), gives the caller and the organization's owner owner access to them, and registers
 * the callback; nothing stays when the bridge will not take the callback.
 */
export async function addBridge(
  ctx: Ctx,
  organizationId: number,
  input: BridgeAccess & { name?: string; locks: Array<{ id: number; name: string }> },
) {
  await requireOrg(ctx, organizationId, 'manageBridges');
  const { address, snapshot } = await read(input);
  const existing = await added(ctx, snapshot.serialNumber);
  if (existing) throw Conflict(`This bridge is already added, as "${existing.name}".`);
  const chosen = input.locks.map((c) => {
    const l = snapshot.locks.find((x) => x.remoteId === c.id);
    if (!l)
      throw Invalid(
        `locks: the bridge has no lock with id ${c.id} (it has ${snapshot.locks.map((x) => x.remoteId).join(', ') || 'none'}).`,
      );
    return { ...l, chosenName: c.name };
  });
  if (new Set(chosen.map((c) => c.remoteId)).size !== chosen.length) throw Invalid('locks: each lock at most once.');
  const [org] = await ctx.db
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const site = await onlySite(ctx.db, organizationId);
  const owners = await ctx.db
    .select({ userId: organizationUsers.userId })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.role, 2)));
  const holders = [...new Set([ctx.caller.userId, ...owners.map((o) => o.userId)])];
  const now = ctx.now();
  const made = await ctx.db.transaction(async (tx) => {
    const [bridge] = await tx
      .insert(devices)
      .values({
        type: DeviceType.bridge,
        organizationId,
        serialNumber: snapshot.serialNumber,
        name: input.name?.trim() || snapshot.name,
        siteId: site?.id ?? null,
        timeZone: site?.timeZone ?? org?.timeZone ?? 'UTC',
        isConnected: snapshot.isConnected,
        lastSeen: now,
        wasConfigured: true,
        isUpdating: false,
        softwareVersions: [{ softwareType: 0, version: snapshot.version, updateAvailable: false }],
      })
      .returning();
    await saveBridgeLink(tx, bridge.id, {
      baseUrl: address.baseUrl,
      token: input.token,
      tokenMode: input.tokenMode,
      capabilities: snapshot.capabilities,
    });
    const locks = chosen.length
      ? await tx
          .insert(devices)
          .values(
            chosen.map((l) => ({
              type: l.type === 4 ? DeviceType.lockGo : DeviceType.lockPro,
              organizationId,
              serialNumber: l.serialNumber,
              name: l.chosenName.trim(),
              siteId: site?.id ?? null,
              timeZone: site?.timeZone ?? org?.timeZone ?? 'UTC',
              connectedToId: bridge.id,
              remoteId: l.remoteId,
              isConnected: l.isConnected,
              state: l.state,
              doorState: l.doorState,
              batteryLevel: l.batteryLevel,
              batteryLevelModifiedTime: now,
              isCharging: l.isCharging,
              stateChangeResult: l.jammed ? 1 : 0,
              lastStateChangedDate: now,
              settings: { ...LOCK_SETTING_DEFAULTS },
              softwareVersions: [{ softwareType: 0, version: l.version, updateAvailable: false }],
            })),
          )
          .returning({ id: devices.id, remoteId: devices.remoteId, name: devices.name })
      : [];
    const ids = [bridge.id, ...locks.map((l) => l.id)];
    await tx
      .insert(deviceAccess)
      .values(
        ids.flatMap((deviceId) =>
          holders.map((userId) => ({ deviceId, principalType: 0, userId, accessLevel: AccessLevel.owner })),
        ),
      );
    await audit(tx, ctx, {
      action: 'device.add',
      organizationId,
      deviceId: bridge.id,
      target: { type: 'bridge', id: bridge.id, name: bridge.name },
      after: { serialNumber: bridge.serialNumber, address: address.baseUrl, locks: locks.map((l) => l.name) },
    });
    return { bridge, locks };
  });
  const stored = (await bridgeAddress(ctx.db, made.bridge.id))!;
  try {
    await ensureCallback(ctx.db, stored);
  } catch (e) {
    // a bridge whose news could not reach the service is not added
    await ctx.db.delete(devices).where(inArray(devices.id, [made.bridge.id, ...made.locks.map((l) => l.id)]));
    throw e;
  }
  await applyBridgeSnapshot(ctx.db, made.bridge, { at: snapshot.at, locks: snapshot.locks });
  await ctx.db.update(bridgeLinks).set({ reconciledAt: now }).where(eq(bridgeLinks.bridgeId, made.bridge.id));
  return {
    id: made.bridge.id,
    name: made.bridge.name,
    serialNumber: made.bridge.serialNumber,
    locks: made.locks.map((l) => ({ id: l.id, remoteId: l.remoteId!, name: l.name })),
  };
}

/** GET /organization/{id}/bridge: the organization's bridges and how the service reaches them (never the token). */
export async function listBridges(ctx: Ctx, organizationId: number) {
  await requireOrg(ctx, organizationId, 'manageBridges');
  const rows = await ctx.db
    .select({
      id: devices.id,
      name: devices.name,
      serialNumber: devices.serialNumber,
      isConnected: devices.isConnected,
      baseUrl: bridgeLinks.baseUrl,
      tokenMode: bridgeLinks.tokenMode,
      capabilities: bridgeLinks.capabilities,
      lastEventAt: bridgeLinks.lastEventAt,
      reconciledAt: bridgeLinks.reconciledAt,
    })
    .from(devices)
    .leftJoin(bridgeLinks, eq(bridgeLinks.bridgeId, devices.id))
    .where(and(eq(devices.organizationId, organizationId), eq(devices.type, DeviceType.bridge)))
    .orderBy(devices.name);
  const locks = rows.length
    ? await ctx.db
        .select({ id: devices.id, name: devices.name, bridgeId: devices.connectedToId })
        .from(devices)
        .where(
          inArray(
            devices.connectedToId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    serialNumber: r.serialNumber,
    isConnected: r.isConnected,
    address: r.baseUrl,
    tokenMode: r.tokenMode,
    capabilities: r.capabilities ?? [],
    lastEventAt: r.lastEventAt?.toISOString() ?? null,
    reconciledAt: r.reconciledAt?.toISOString() ?? null,
    locks: locks.filter((l) => l.bridgeId === r.id).map((l) => ({ id: l.id, name: l.name })),
  }));
}

/**
 * DELETE /organization/{id}/bridge/{bridgeId}: the bridge's callback goes (when the bridge answers;
 * an event it still sends is refused, as its secret goes too), then the bridge. Its locks stay with
 * their accesses and history, no longer paired with a bridge.
 */
export async function removeBridge(
  ctx: Ctx,
  organizationId: number,
  bridgeId: number,
): Promise<{ callbackRemoved: boolean }> {
  await requireOrg(ctx, organizationId, 'manageBridges');
  const [bridge] = await ctx.db
    .select()
    .from(devices)
    .where(
      and(eq(devices.id, bridgeId), eq(devices.organizationId, organizationId), eq(devices.type, DeviceType.bridge)),
    );
  if (!bridge) throw NotFound('Bridge');
  const address = await bridgeAddress(ctx.db, bridgeId);
  const [link] = await ctx.db
    .select({ callbackId: bridgeLinks.callbackId })
    .from(bridgeLinks)
    .where(eq(bridgeLinks.bridgeId, bridgeId));
  let callbackRemoved = false;
  if (address && link?.callbackId != null) {
    callbackRemoved = await getGateway()
      .removeCallback(address, link.callbackId)
      .then(
        () => true,
        () => false,
      );
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(devices)
      .set({
        connectedToId: null,
        remoteId: null,
        isConnected: null,
        state: null,
        doorState: null,
        stateChangeResult: null,
      })
      .where(and(eq(devices.connectedToId, bridgeId), inArray(devices.type, [DeviceType.lockPro, DeviceType.lockGo])));
    await tx.delete(devices).where(eq(devices.id, bridgeId));
    await audit(tx, ctx, {
      action: 'device.delete',
      organizationId,
      target: { type: 'bridge', id: bridgeId, name: bridge.name },
      before: { serialNumber: bridge.serialNumber, address: address?.baseUrl ?? null },
    });
  });
  return { callbackRemoved };
}
