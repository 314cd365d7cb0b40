import { and, eq } from 'drizzle-orm';
import { DeviceType, deviceOperations } from '@/db/schema';
import { getGateway } from '@/lib/devices';
import type { BaseCtx } from '../context';
import { Forbidden, NotFound } from '../errors';
import { authorizeLink, guestView, liveDevice, requireActive, type Guest } from './guest';

/** GET /link/{token}: the guest page's data. */
export async function getGuestLink(ctx: BaseCtx, input: { token: string; guest: Guest }) {
  const link = await authorizeLink(ctx, input.token, input.guest);
  return guestView(ctx, link);
}

/**
 * Opens one of the link's devices, inside the link's window and while whoever put the device on
 * the link may still open it (lib/domain/policy: decideLinkOpen): a gate gets an impulse through the
 * external system, a lock is unlocked. The gateway writes the access-link activity (228 / 10001)
 * with the link's id, and the operation carries it, so its status is readable with the token.
 */
export async function openThroughLink(ctx: BaseCtx, input: { token: string; deviceId: number; guest: Guest }) {
  const link = await authorizeLink(ctx, input.token, input.guest);
  requireActive(link, ctx.now());
  const dev = await liveDevice(ctx, link, input.deviceId);
  if (!dev) throw NotFound('Device');
  // the policy refuses with 403; an unreachable device is the gateway's answer, as for every other caller
  if (!dev.allowed) throw Forbidden(dev.closedNow ?? `This link cannot open ${dev.name} right now. Ask the person who sent it.`);
  const gw = getGateway();
  const operationId =
    dev.deviceType === DeviceType.gate
      ? (await gw.openGate(ctx.db, { deviceId: input.deviceId, userId: null, accessLinkId: link.id })).operationId
      : (await gw.startOperation(ctx.db, { deviceId: input.deviceId, type: 1, userId: null, accessLinkId: link.id })).operationId;
  return operationView(ctx, operationId);
}

/** GET /link/{token}/operation/{id}: progress of an operation started through this same link, while the link is in its window. */
export async function getLinkOperation(ctx: BaseCtx, input: { token: string; operationId: string; guest: Guest }) {
  const link = await authorizeLink(ctx, input.token, input.guest);
  // outside its window a link shows nothing of itself, its openings (and their devices) included
  requireActive(link, ctx.now());
  const [own] = await ctx.db
    .select({ id: deviceOperations.id })
    .from(deviceOperations)
    .where(and(eq(deviceOperations.id, input.operationId), eq(deviceOperations.accessLinkId, link.id)));
  if (!own) throw NotFound('Operation');
  return operationView(ctx, own.id);
}

const OUTCOME: Record<number, string> = { 0: 'Opened', 1: 'The lock is jammed', 2: 'The device did not answer in time', 3: 'Opening failed' };

async function operationView(ctx: BaseCtx, operationId: string) {
  const op = await getGateway().getOperation(ctx.db, operationId);
  if (!op) throw NotFound('Operation');
  return {
    operationId: op.operationId,
    deviceId: op.deviceId,
    status: op.status,
    result: op.result,
    outcome: op.status === 'PENDING' ? null : (OUTCOME[op.result ?? 3] ?? OUTCOME[3]),
  };
}
