import { config } from '@/lib/config';
import { keyStillValid } from '@/lib/auth/keys';
import { sessionStillLive } from '@/lib/auth/sessions';
import type { Ctx } from '../context';
import { effectiveAccess } from '../access/effective';
import { may } from '@/lib/shared/policy';
import { subscribe, type DeviceEvent } from './hub';

export interface LiveFeed {
  close: () => void;
}

/**
 * The live feed of one viewer: every change on a device whose events the viewer may receive now
 * (lib/shared/policy: `receiveEvents`, the same rule as webhooks: an active access, inside its
 * schedule). Only the kind and the device go out; the viewer reads what changed through the API,
 * with its own rules. The accesses and the key or session are read again every LIVE_RECHECK_MS (default 15 s), so a
 * revoked access, a signed-out session or a revoked key ends the events (`onEnd`).
 */
export async function openLiveFeed(
  ctx: Ctx,
  onEvent: (e: DeviceEvent) => void,
  onEnd: (why: string) => void,
): Promise<LiveFeed> {
  let allowed = await allowedDevices(ctx);
  let closed = false;
  const unsubscribe = await subscribe((e) => {
    if (!closed && allowed.has(e.deviceId)) onEvent(e);
  });
  const timer = setInterval(() => {
    void (async () => {
      try {
        if (!(await credentialsLive(ctx))) return end('Your session or key ended.');
        allowed = await allowedDevices(ctx);
      } catch {
        end('The live feed lost the database; reconnecting.');
      }
    })();
  }, config().LIVE_RECHECK_MS);
  timer.unref?.();
  function end(why: string) {
    if (closed) return;
    close();
    onEnd(why);
  }
  function close() {
    closed = true;
    clearInterval(timer);
    unsubscribe();
  }
  return { close };
}

async function allowedDevices(ctx: Ctx): Promise<Set<number>> {
  const now = ctx.now();
  const all = await effectiveAccess(ctx.db, ctx.caller.userId, now);
  return new Set([...all.values()].filter((a) => may('receiveEvents', a, now)).map((a) => a.deviceId));
}

async function credentialsLive(ctx: Ctx): Promise<boolean> {
  const now = ctx.now();
  const c = ctx.caller;
  if (c.via === 'key' && c.keyId) return keyStillValid(ctx.db, c.keyId, [...c.scopes], now);
  if (c.via === 'session' && c.sessionId) return sessionStillLive(ctx.db, c.sessionId, now);
  return true;
}
