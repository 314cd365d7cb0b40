import { and, eq } from 'drizzle-orm';
import { DeviceType, deviceOperations, type LinkUseOutcome } from '@/db/schema';
import type { BaseCtx } from '../context';
import { Forbidden, isDomainError, NotFound } from '../errors';
import { authorizeLink, guestView, liveDevice, requireActive, requireActiveUse, type Guest } from './guest';
import { recordLinkUse } from './history';
import { openGateDevice, operationProgress, startLockOperation } from '../devices/commands';

/** GET /link/{token}: the guest page's data. */
export async function getGuestLink(ctx: BaseCtx, input: { token: string; guest: Guest }) {
  const link = await authorizeLink(ctx, input.token, input.guest);
  await requireActiveUse(ctx, link);
  return guestView(ctx, link);
}

/**
 * Opens one of the link's devices, inside the link's window and while whoever put the device on
 * the link may still open it (lib/shared/policy: decideLinkOpen): a gate gets an impulse through the
 * external system, a lock is unlocked. The gateway writes the access-link activity (228 / 10001)
 * with the link's id, and the operation carries it, so its status is readable with the token.
 */
export async function openThroughLink(ctx: BaseCtx, input: { token: string; deviceId: number; guest: Guest }) {
  const link = await authorizeLink(ctx, input.token, input.guest);
  const dev = await liveDevice(ctx, link, input.deviceId);
  const door = dev ? { id: dev.id, name: dev.name } : undefined;
  await requireActiveUse(ctx, link, door);
  if (!dev) throw NotFound('Device');
  // the policy refuses with 403; an unreachable device is the gateway's answer, as for every other caller
  if (!dev.allowed) {
    await recordLinkUse(ctx, { accessLinkId: link.id, device: door, outcome: dev.refusal ?? 'noLongerAllowed' });
    throw Forbidden(dev.closedNow ?? `This link cannot open ${dev.name} right now. Ask the person who sent it.`);
  }
  let operationId: string;
  try {
    operationId =
      dev.deviceType === DeviceType.gate
        ? (await openGateDevice(ctx.db, { deviceId: input.deviceId, userId: null, accessLinkId: link.id })).operationId
        : (await startLockOperation(ctx.db, { deviceId: input.deviceId, type: 1, userId: null, accessLinkId: link.id }))
            .operationId;
  } catch (e) {
    const refused = isDomainError(e) ? DEVICE_REFUSALS[e.code] : undefined;
    if (refused) await recordLinkUse(ctx, { accessLinkId: link.id, device: door, outcome: refused });
    throw e;
  }
  await recordLinkUse(ctx, { accessLinkId: link.id, device: door, outcome: 'opened', operationId });
  return operationView(ctx, operationId);
}

/** The gateway's refusals, as the link's history names them . */
const DEVICE_REFUSALS: Partial<Record<string, LinkUseOutcome>> = {
  device_unreachable: 'unreachable',
  gate_disconnected: 'unreachable',
  device_busy: 'busy',
  device_timeout: 'timedOut',
};

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

const OUTCOME: Record<number, string> = {
  0: 'Opened',
  1: 'The lock is jammed',
  2: 'The device did not answer in time',
  3: 'Opening failed',
};

async function operationView(ctx: BaseCtx, operationId: string) {
  const op = await operationProgress(ctx.db, operationId);
  if (!op) throw NotFound('Operation');
  return {
    operationId: op.operationId,
    deviceId: op.deviceId,
    status: op.status,
    result: op.result,
    outcome: op.status === 'PENDING' ? null : (OUTCOME[op.result ?? 3] ?? OUTCOME[3]),
  };
}
