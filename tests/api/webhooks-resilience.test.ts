import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setConfig } from '@/tests/support/config';
import { webhookAttempts, webhookSubscriptions } from '@/db/schema';
import { claimDue } from '@/lib/domain/webhooks/deliver';
import { enqueueWebhookEvent } from '@/lib/domain/webhooks/outbox';
import { startWebhookWorker } from '@/lib/domain/webhooks/worker';
import { createLock, createUser, db, grantUser } from '../support/factories/core';
import {
  createSubscription,
  deliveriesOf,
  passFor,
  scope,
  receiversClosedAfterEach,
} from '../support/factories/webhooks';

/** What happens when things go wrong: the worker stops, the receiver is down, the endpoint misbehaves. */
// registered after the receivers' hook, so it runs before it (after-hooks run in reverse): the workers stop first
const newReceiver = receiversClosedAfterEach();
const stops: Array<() => void> = [];
afterEach(() => {
  stops.splice(0).forEach((s) => s());
});

async function setup(url?: string) {
  const receiver = await newReceiver();
  const user = await createUser();
  const lock = await createLock();
  await grantUser(lock.id, user.id, 0);
  const sub = await createSubscription({ url: url ?? receiver.url, userId: user.id });
  return { receiver, lock, sub };
}

const pass = (at = new Date()) => passFor(at);
const battery = async (lock: { id: number; type: number }, level: number) =>
  enqueueWebhookEvent(await db(), 'device-battery-level-changed', lock, { batteryLevel: level, isCharging: false });
const until = async (cond: () => boolean | Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};
async function attemptsOf(subId: string) {
  const [d] = await deliveriesOf(subId);
  return (await db())
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, d.id))
    .orderBy(webhookAttempts.id);
}

describe('webhook delivery under failure', () => {
  it('a webhook whose secret cannot be read (APP_SECRET changed) fails visibly, and others are still delivered', async () => {
    const broken = await setup();
    const fine = await setup();
    await (await db())
      .update(webhookSubscriptions)
      .set({ secretCiphertext: 'v1.AAAA.BBBB.CCCC' })
      .where(eq(webhookSubscriptions.id, broken.sub.id));
    await battery(broken.lock, 50);
    await battery(fine.lock, 51);
    await pass();
    expect(fine.receiver.received.map((r) => r.json.data.batteryLevel)).toEqual([51]);
    expect(broken.receiver.received).toHaveLength(0);
    const [attempt] = await attemptsOf(broken.sub.id);
    expect(attempt.error).toMatch(/signing secret cannot be read/);
  });

  it('a pending delivery goes out after the worker is restarted', async () => {
    const { receiver, lock, sub } = await setup();
    stops.push(startWebhookWorker(50, scope()));
    await battery(lock, 70);
    await until(() => receiver.received.length === 1);
    stops.pop()!();
    await battery(lock, 69); // queued while no worker runs
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received).toHaveLength(1);
    stops.push(startWebhookWorker(50, scope()));
    await until(async () => (await deliveriesOf(sub.id)).filter((d) => d.status === 'delivered').length === 2);
    expect(receiver.received.map((r) => r.json.data.batteryLevel)).toEqual([70, 69]);
  });

  it('a delivery claimed by a worker that died is sent once its lease runs out', async () => {
    const { receiver, lock, sub } = await setup();
    await battery(lock, 60);
    const d = await db();
    const now = new Date();
    await passFor(now, 0); // fan out only
    const [claimed] = await claimDue(d, now, 10, scope());
    expect(claimed.subscriptionId).toBe(sub.id); // ... and the process dies here, before sending
    await pass(new Date(now.getTime() + 30_000));
    expect(receiver.received).toHaveLength(0);
    await pass(new Date(now.getTime() + 61_000));
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0].headers['webhook-id']).toBe(claimed.messageId);
  });

  it('loses no event while the receiver is down for a while', async () => {
    const { receiver, lock, sub } = await setup();
    await receiver.close();
    for (const level of [40, 39, 38]) await battery(lock, level);
    await pass();
    const down = await deliveriesOf(sub.id);
    expect(down.map((x) => [x.status, x.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
      ['pending', 1],
    ]);
    const [a] = await attemptsOf(sub.id);
    expect(a).toMatchObject({ statusCode: null, error: 'Connection refused.' });
    await pass(new Date(Date.now() + 60_000)); // still down: second attempts fail too
    await receiver.reopen();
    await pass(new Date(Date.now() + 10 * 60_000));
    expect((await deliveriesOf(sub.id)).map((x) => [x.status, x.attempts])).toEqual([
      ['delivered', 3],
      ['delivered', 3],
      ['delivered', 3],
    ]);
    expect(receiver.received.map((r) => r.json.data.batteryLevel).sort()).toEqual([38, 39, 40]);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(3);
  });

  it('refuses a private address at send time too (DNS may change after creation)', async () => {
    const { lock, sub } = await setup('http://10.1.2.3/hook');
    await battery(lock, 10);
    await pass();
    const [a] = await attemptsOf(sub.id);
    expect(a.statusCode).toBeNull();
    expect(a.error).toMatch(/10\.1\.2\.3, a private/);
  });

  it('does not follow redirects', async () => {
    const { receiver, lock, sub } = await setup();
    receiver.respond(() => ({ status: 302, body: '' }));
    await battery(lock, 11);
    await pass();
    const [a] = await attemptsOf(sub.id);
    expect(a.statusCode).toBe(302);
    expect(a.error).toMatch(/not followed/);
    expect(receiver.received).toHaveLength(1);
    expect((await deliveriesOf(sub.id))[0].status).toBe('pending');
  });

  it('bounds the wait for an answer and the part of it that is kept', async () => {
    const { receiver, lock, sub } = await setup();
    setConfig({ WEBHOOK_TIMEOUT_MS: '300' });
    receiver.respond((_r, n) => (n === 0 ? { status: 200, delayMs: 2000 } : { status: 200, body: 'x'.repeat(50_000) }));
    await battery(lock, 12);
    await pass();
    const [slow] = await attemptsOf(sub.id);
    expect(slow).toMatchObject({ statusCode: null, error: 'No answer within 300 ms.' });
    expect(slow.durationMs).toBeLessThan(1500);
    setConfig({ WEBHOOK_TIMEOUT_MS: undefined }); // a loaded test machine needs more than 300 ms for a real answer
    await pass(new Date(Date.now() + 60_000));
    const [, big] = await attemptsOf(sub.id);
    expect(big).toMatchObject({ statusCode: 200, error: null });
    expect(big.responseExcerpt!.length).toBe(1024);
  });
});
