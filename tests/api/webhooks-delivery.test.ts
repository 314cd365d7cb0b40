import { describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { webhookAttempts } from '@/db/schema';
import { enqueueWebhookEvent } from '@/lib/domain/webhooks/outbox';
import { FAILING_AFTER, MAX_ATTEMPTS } from '@/lib/domain/webhooks/retry';
import { createLock, createUser, db, grantUser } from '../support/factories/core';
import {
  createSubscription,
  deliveriesOf,
  passFor,
  receiversClosedAfterEach,
  subscriptionRow,
} from '../support/factories/webhooks';

/** Delivery through a real HTTP receiver on loopback; the worker is driven pass by pass. */
const newReceiver = receiversClosedAfterEach();

async function setup() {
  const receiver = await newReceiver();
  const user = await createUser();
  const lock = await createLock();
  await grantUser(lock.id, user.id, 2);
  const sub = await createSubscription({ url: receiver.url, userId: user.id });
  return { receiver, user, lock, sub };
}

const pass = (at = new Date()) => passFor(at);
const battery = async (lock: { id: number; type: number }, level: number) =>
  enqueueWebhookEvent(await db(), 'device-battery-level-changed', lock, { batteryLevel: level, isCharging: false });

/** Runs a pass at the moment the subscription's pending delivery is next due. */
async function passWhenDue(subId: string) {
  const pending = (await deliveriesOf(subId)).filter((d) => d.status === 'pending');
  const due = Math.max(...pending.map((d) => d.nextAttemptAt.getTime()));
  return pass(new Date(due));
}

async function attemptsOf(deliveryIds: number[]) {
  const d = await db();
  return d
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(webhookAttempts.id);
}

describe('webhook delivery', () => {
  it('signs each message per Standard Webhooks: the library verifies it, a changed body fails', async () => {
    const { receiver, lock, sub } = await setup();
    await battery(lock, 42);
    await pass();
    expect(receiver.received).toHaveLength(1);
    const [r] = receiver.received;
    const payload = new Webhook(sub.secret).verify(r.body, r.headers) as any;
    // Tedee's shape: timestamp = when sent, userIdentity = the receiver, data.eventTime = when it happened
    expect(payload).toEqual({
      event: 'device-battery-level-changed',
      timestamp: expect.stringMatching(/Z$/),
      userIdentity: sub.userId,
      data: {
        deviceId: lock.id,
        deviceType: lock.type,
        batteryLevel: 42,
        isCharging: false,
        eventTime: expect.stringMatching(/Z$/),
      },
    });
    expect(Object.keys(payload)).toEqual(['event', 'timestamp', 'userIdentity', 'data']);
    expect(Date.parse(payload.timestamp)).toBeGreaterThanOrEqual(Date.parse(payload.data.eventTime));
    expect(r.headers['webhook-id']).toMatch(/^msg_/);
    expect(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(() => new Webhook(sub.secret).verify(r.body.replace('42', '43'), r.headers)).toThrow();
    expect(() =>
      new Webhook('whsec_' + Buffer.from('another secret').toString('base64')).verify(r.body, r.headers),
    ).toThrow();
  });

  it('retries after 500s with growing delays and the same webhook-id, then succeeds', async () => {
    const { receiver, lock, sub } = await setup();
    receiver.respond((_r, n) => (n < 2 ? { status: 500, body: 'boom' } : { status: 204 }));
    const t0 = new Date();
    await battery(lock, 30);
    await pass(t0);
    let [d] = await deliveriesOf(sub.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    const firstDelay = d.nextAttemptAt.getTime() - t0.getTime();
    expect(firstDelay).toBeGreaterThanOrEqual(4000);
    expect(firstDelay).toBeLessThanOrEqual(6000);
    await pass(new Date(t0.getTime() + 1000)); // not due yet: nothing sent
    expect(receiver.received).toHaveLength(1);
    await passWhenDue(sub.id);
    [d] = await deliveriesOf(sub.id);
    expect(d.attempts).toBe(2);
    const t1 = (await attemptsOf([d.id]))[1].at.getTime();
    expect(d.nextAttemptAt.getTime() - t1).toBeGreaterThan(firstDelay * 3); // ~30 s after ~5 s
    await passWhenDue(sub.id);
    [d] = await deliveriesOf(sub.id);
    expect(d).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 204 });
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    for (const r of receiver.received) expect(() => new Webhook(sub.secret).verify(r.body, r.headers)).not.toThrow();
    const log = await attemptsOf([d.id]);
    expect(log.map((a) => a.statusCode)).toEqual([500, 500, 204]);
    expect(log[0]).toMatchObject({ responseExcerpt: 'boom', error: null });
    expect(log.every((a) => a.durationMs >= 0)).toBe(true);
    expect(await subscriptionRow(sub.id)).toMatchObject({ consecutiveFailures: 0, failing: false });
  });

  it('gives every message its own webhook-id, across events and subscriptions', async () => {
    const { receiver, user, lock } = await setup();
    await createSubscription({ url: receiver.url, userId: user.id });
    const d = await db();
    await enqueueWebhookEvent(d, 'device-battery-level-changed', lock, { batteryLevel: 10, isCharging: true });
    await enqueueWebhookEvent(d, 'device-connection-changed', lock, { isConnected: false });
    await enqueueWebhookEvent(d, 'device-settings-changed', lock, { deviceSettings: { autoLockEnabled: true } });
    await enqueueWebhookEvent(d, 'lock-status-changed', lock, {
      state: 6,
      doorState: 3,
      stateChangeResult: 0,
      lastStateChangedDate: null,
    });
    await enqueueWebhookEvent(d, 'bell-button-pressed', lock, {});
    await pass();
    expect(receiver.received).toHaveLength(10);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(10);
    expect(new Set(receiver.received.map((r) => r.json.event)).size).toBe(5);
  });

  it('two concurrent passes never send the same delivery twice (SKIP LOCKED)', async () => {
    const { receiver, lock, sub } = await setup();
    receiver.respond(() => ({ status: 200, delayMs: 30 }));
    for (let i = 0; i < 12; i++) await battery(lock, 50 + i);
    await Promise.all([pass(), pass(), pass()]);
    await pass();
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    const ds = await deliveriesOf(sub.id);
    expect(ds.every((x) => x.status === 'delivered' && x.attempts === 1)).toBe(true);
    expect(await attemptsOf(ds.map((x) => x.id))).toHaveLength(12);
  });

  it('stops on 410 Gone and disables the subscription', async () => {
    const { receiver, lock, sub } = await setup();
    receiver.respond(() => ({ status: 410, body: 'unsubscribed' }));
    await battery(lock, 20);
    await pass();
    const [d] = await deliveriesOf(sub.id);
    expect(d).toMatchObject({ status: 'gone', attempts: 1, lastStatusCode: 410 });
    const s = await subscriptionRow(sub.id);
    expect(s.enabled).toBe(false);
    expect(s.disabledReason).toMatch(/410 Gone/);
    await battery(lock, 19);
    await pass(new Date(Date.now() + 86_400_000));
    expect(receiver.received).toHaveLength(1);
    expect(await deliveriesOf(sub.id)).toHaveLength(1);
  });

  it('marks the subscription failing after repeated failures and gives up after about a day', async () => {
    const { receiver, lock, sub } = await setup();
    receiver.respond(() => ({ status: 503 }));
    await battery(lock, 5);
    await pass();
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      expect((await subscriptionRow(sub.id)).failing).toBe(i >= FAILING_AFTER);
      await passWhenDue(sub.id);
    }
    const [d] = await deliveriesOf(sub.id);
    expect(d).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    const log = await attemptsOf([d.id]);
    const spanH = (log.at(-1)!.at.getTime() - log[0].at.getTime()) / 3_600_000;
    expect(spanH).toBeGreaterThan(18);
    expect(spanH).toBeLessThan(30);
    expect(await subscriptionRow(sub.id)).toMatchObject({ failing: true, consecutiveFailures: MAX_ATTEMPTS });
    receiver.respond(() => ({ status: 200 }));
    await battery(lock, 6);
    await pass(new Date(log.at(-1)!.at.getTime() + 1000));
    expect(await subscriptionRow(sub.id)).toMatchObject({ failing: false, consecutiveFailures: 0 });
  });
});
