import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { webhookOutbox } from '@/db/schema';
import { enqueueWebhookEvent } from '@/lib/domain/webhooks/outbox';
import {
  addOrgUser,
  createGroup,
  createLock,
  createOrg,
  createUser,
  db,
  grantGroup,
  grantUser,
  lockWithCast,
} from '../support/factories/core';
import { createSubscription, deliveriesOf, passFor, receiversClosedAfterEach } from '../support/factories/webhooks';

/** Who gets an event: subscribers who can see the device (at fan-out time) or own its organization. */
const receiver = receiversClosedAfterEach();
const pass = () => passFor();
const bell = async (device: { id: number; type: number }) =>
  enqueueWebhookEvent(await db(), 'bell-button-pressed', device, {});

describe('webhook fan-out', () => {
  it('reaches the owner, administrator and guest of the device, never an outsider', async () => {
    const { owner, admin, guest, outsider, lock } = await lockWithCast();
    const r = await receiver();
    const subs = await Promise.all(
      [owner, admin, guest, outsider].map((u) => createSubscription({ url: r.url, userId: u.id })),
    );
    await bell(lock);
    await pass();
    const counts = await Promise.all(subs.map(async (s) => (await deliveriesOf(s.id)).length));
    expect(counts).toEqual([1, 1, 1, 0]);
    expect(r.received).toHaveLength(3);
    expect(r.received[0].json).toEqual({
      event: 'bell-button-pressed',
      timestamp: expect.any(String),
      userIdentity: expect.any(String),
      data: { deviceId: lock.id, deviceType: lock.type, eventTime: expect.any(String) },
    });
    // each receiver is named as itself
    expect(r.received.map((x) => x.json.userIdentity).sort()).toEqual([owner.id, admin.id, guest.id].sort());
  });

  it('follows access through groups and ignores expired or future access', async () => {
    const org = await createOrg();
    const [member, expired, future] = await Promise.all([createUser(), createUser(), createUser()]);
    const lock = await createLock({ organizationId: org.id });
    const g = await createGroup(org.id, undefined, [await addOrgUser(org.id, member.id)]);
    await grantGroup(lock.id, g.id, 0);
    await grantUser(lock.id, expired.id, 0, { endDate: new Date(Date.now() - 60_000) });
    await grantUser(lock.id, future.id, 0, { startDate: new Date(Date.now() + 86_400_000) });
    const r = await receiver();
    const subs = await Promise.all(
      [member, expired, future].map((u) => createSubscription({ url: r.url, userId: u.id })),
    );
    await bell(lock);
    await pass();
    expect(await Promise.all(subs.map(async (s) => (await deliveriesOf(s.id)).length))).toEqual([1, 0, 0]);
  });

  it("sends an organization's subscription the events of its devices only", async () => {
    const [org, other] = await Promise.all([createOrg(), createOrg()]);
    const mine = await createLock({ organizationId: org.id });
    const theirs = await createLock({ organizationId: other.id });
    const r = await receiver();
    const sub = await createSubscription({ url: r.url, organizationId: org.id });
    await bell(mine);
    await bell(theirs);
    await pass();
    expect(r.received.map((x) => x.json.data.deviceId)).toEqual([mine.id]);
    expect(r.received[0].json.userIdentity).toBe(`organization:${org.id}`);
    expect(await deliveriesOf(sub.id)).toHaveLength(1);
  });

  it('sends only the chosen events, and nothing to a disabled subscription', async () => {
    const { owner, lock } = await lockWithCast();
    const r = await receiver();
    const bellOnly = await createSubscription({ url: r.url, userId: owner.id, events: ['bell-button-pressed'] });
    const off = await createSubscription({ url: r.url, userId: owner.id, enabled: false });
    await enqueueWebhookEvent(await db(), 'device-connection-changed', lock, { isConnected: false });
    await bell(lock);
    await pass();
    expect(r.received.map((x) => x.json.event)).toEqual(['bell-button-pressed']);
    expect(await deliveriesOf(bellOnly.id)).toHaveLength(1);
    expect(await deliveriesOf(off.id)).toHaveLength(0);
  });

  it('publishes final lock states only, not unlocking, locking or pulling', async () => {
    const lock = await createLock();
    const d = await db();
    for (const state of [4, 2, 5, 6, 8, 7]) {
      await enqueueWebhookEvent(d, 'lock-status-changed', lock, {
        state,
        doorState: 3,
        stateChangeResult: 0,
        lastStateChangedDate: null,
      });
    }
    const rows = await d
      .select()
      .from(webhookOutbox)
      .where(eq(webhookOutbox.deviceId, lock.id))
      .orderBy(webhookOutbox.id);
    expect(rows.map((x) => (x.payload.data as { state: number }).state)).toEqual([2, 6, 7]);
  });

  it('writes the event with the state change: a rolled-back change sends nothing', async () => {
    const lock = await createLock();
    const d = await db();
    await expect(
      d.transaction(async (tx) => {
        await enqueueWebhookEvent(tx, 'bell-button-pressed', lock, {});
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    expect(await d.select().from(webhookOutbox).where(eq(webhookOutbox.deviceId, lock.id))).toHaveLength(0);
  });
});

describe('event payload', () => {
  it('keeps a named field whose value is unknown as null, so the keys are stable', async () => {
    const lock = await createLock();
    const d = await db();
    await enqueueWebhookEvent(d, 'device-battery-level-changed', lock, { batteryLevel: 33, isCharging: undefined });
    const [row] = await d.select().from(webhookOutbox).where(eq(webhookOutbox.deviceId, lock.id));
    expect(row.payload.data).toEqual({
      deviceId: lock.id,
      deviceType: lock.type,
      batteryLevel: 33,
      isCharging: null,
      eventTime: expect.stringMatching(/Z$/),
    });
  });
});
