import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setConfig } from '@/tests/support/config';
import { deviceAccess, devices, personalAccessKeys } from '@/db/schema';
import { recordActivity } from '@/lib/domain/activity/record';
import { db } from '../support/factories/core';
import { sharingCast } from '../support/factories/access';
import { api } from '../support/router';

/**
 * GET /my/events: the portal's live feed (Server-Sent Events fed by Postgres LISTEN/NOTIFY). Each
 * viewer hears only devices whose events the door policy lets them receive now (receiveEvents, as
 * webhooks), and a revoked access or key ends it within the recheck (LIVE_RECHECK_MS, short here).
 */
setConfig({ LIVE_RECHECK_MS: '150' });

interface Stream {
  events: { event: string; data: any }[];
  wait: (
    pred: (e: { event: string; data: any }) => boolean,
    ms?: number,
  ) => Promise<{ event: string; data: any } | null>;
  close: () => void;
}

const open: Stream[] = [];

async function listen(key: string): Promise<Stream> {
  const { GET } = await import('@/app/api/v37/my/events/route');
  const ac = new AbortController();
  const req = new NextRequest('http://localhost:3000/api/v37/my/events', {
    headers: { authorization: `Bearer ${key}` },
    signal: ac.signal,
  });
  const res = await GET(req, { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const events: Stream['events'] = [];
  let buf = '';
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buf += new TextDecoder().decode(value);
      let i: number;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event) events.push({ event, data: data ? JSON.parse(data) : null });
      }
    }
  })();
  const s: Stream = {
    events,
    async wait(pred, ms = 3000) {
      const end = Date.now() + ms;
      while (Date.now() < end) {
        const hit = events.find(pred);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 25));
      }
      return null;
    },
    close() {
      ac.abort();
      void reader.cancel().catch(() => {});
      void pump;
    },
  };
  open.push(s);
  await s.wait((e) => e.event === 'ready');
  return s;
}

afterEach(() => {
  while (open.length) open.pop()!.close();
});

let c: Awaited<ReturnType<typeof sharingCast>>;
beforeAll(async () => {
  c = await sharingCast();
});

const activityOn = async (deviceId: number) =>
  recordActivity(await db(), { deviceId, event: 39, source: 0, user: null, at: new Date() });
const isFor = (deviceId: number, kind: string) => (e: { event: string; data: any }) =>
  e.event === 'device' && e.data.deviceId === deviceId && e.data.kind === kind;

describe('GET /my/events', () => {
  it('tells the owner, an administrator and an active guest of a new activity entry and a state change, within a second', async () => {
    const viewers = await Promise.all([listen(c.owner.key), listen(c.admin.key), listen(c.guest.key)]);
    await activityOn(c.lock.id);
    for (const v of viewers) expect(await v.wait(isFor(c.lock.id, 'activity'), 1000)).not.toBeNull();
    await (await db()).update(devices).set({ state: 2 }).where(eq(devices.id, c.lock.id));
    for (const v of viewers) expect(await v.wait(isFor(c.lock.id, 'state'), 1000)).not.toBeNull();
  });

  it('an outsider hears nothing of the lock; a guest outside their weekdays hears nothing either (receiveEvents)', async () => {
    const outsider = await listen(c.outsider.key);
    const d = await db();
    // not yesterday, today or tomorrow (Monday is bit 0), whatever the lock's zone: the week wraps
    // (a Sunday evening in UTC is already Monday at the lock, Europe/Warsaw)
    const day = (new Date().getUTCDay() + 6) % 7;
    const around = [day + 6, day, day + 1].reduce((m, x) => m | (1 << (x % 7)), 0);
    await d
      .update(deviceAccess)
      .set({ weekDays: 127 & ~around })
      .where(and(eq(deviceAccess.deviceId, c.lock.id), eq(deviceAccess.userId, c.guest.id)));
    const guest = await listen(c.guest.key);
    const owner = await listen(c.owner.key);
    await activityOn(c.lock.id);
    expect(await owner.wait(isFor(c.lock.id, 'activity'))).not.toBeNull();
    expect(outsider.events.filter((e) => e.event === 'device')).toEqual([]);
    expect(guest.events.filter((e) => e.event === 'device')).toEqual([]);
    await d
      .update(deviceAccess)
      .set({ weekDays: null })
      .where(and(eq(deviceAccess.deviceId, c.lock.id), eq(deviceAccess.userId, c.guest.id)));
  });

  it('a revoked access stops the events within the recheck; a revoked key ends the stream', async () => {
    const x = await sharingCast();
    const guest = await listen(x.guest.key);
    await activityOn(x.lock.id);
    expect(await guest.wait(isFor(x.lock.id, 'activity'))).not.toBeNull();
    const d = await db();
    await d.delete(deviceAccess).where(and(eq(deviceAccess.deviceId, x.lock.id), eq(deviceAccess.userId, x.guest.id)));
    await new Promise((r) => setTimeout(r, 600));
    const before = guest.events.length;
    await activityOn(x.lock.id);
    await new Promise((r) => setTimeout(r, 500));
    expect(guest.events.slice(before).filter((e) => e.event === 'device')).toEqual([]);

    const owner = await listen(x.owner.key);
    await d.update(personalAccessKeys).set({ revokedAt: new Date() }).where(eq(personalAccessKeys.userId, x.owner.id));
    expect(await owner.wait((e) => e.event === 'end', 2000)).toMatchObject({
      data: { reason: 'Your session or key ended.' },
    });
  });

  it('without credentials: 401 in the envelope', async () => {
    expect((await api('GET', '/api/v37/my/events')).status).toBe(401);
  });
});
