import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { devices } from '@/db/schema';
import { pinsTabInfo } from '@/lib/domain/pins/tab';
import { usageText } from '@/components/pins/pins-tab';
import { createLock, db, grantUser, lockWithCast, createUser, ctxOf } from '../support/factories/core';

/** Issue 33: the PINs tab says when a future PIN starts, and why Add PIN is off on an offline lock. */

describe('PINs tab: Add PIN on an offline lock', () => {
  it('is allowed on a reachable lock, and refused in words when its bridge or its link to it is down', async () => {
    const { owner, bridge, lock } = await lockWithCast();
    const info = async () => pinsTabInfo(await ctxOf(owner), lock.id);
    expect((await info()).offline).toBeNull();

    const d = await db();
    await d.update(devices).set({ isConnected: false }).where(eq(devices.id, bridge.id));
    const off = (await info()).offline;
    expect(off).toMatch(/^PINs cannot be added now: .+ is offline \(its bridge is disconnected\)/);
    expect(off).toContain(lock.name);
    expect(off).toMatch(/Try again when it is back online\.$/);

    await d.update(devices).set({ isConnected: true }).where(eq(devices.id, bridge.id));
    await d.update(devices).set({ isConnected: false }).where(eq(devices.id, lock.id));
    expect((await info()).offline).toMatch(/is offline \(it lost its link to its bridge\)/);
  });

  it('says so for a lock without a bridge', async () => {
    const u = await createUser();
    const lock = await createLock({ bridge: null });
    await grantUser(lock.id, u.id, 2);
    expect((await pinsTabInfo(await ctxOf(u), lock.id)).offline).toMatch(/has no bridge/);
  });
});

describe('PINs tab: the line under a PIN', () => {
  const zone = 'Europe/Warsaw';
  const now = DateTime.fromMillis(Date.parse('2026-11-26T12:00:00Z'));

  it('says when a PIN that has not started starts, in the lock’s zone, instead of "Never used"', () => {
    expect(usageText({ lastUsedDate: null, startDate: '2026-12-01T07:00:00.000Z' }, zone, now)).toBe(
      'Starts 1 Dec 08:00 (Europe/Warsaw)',
    );
    expect(usageText({ lastUsedDate: null, startDate: '2027-01-04T07:00:00.000Z' }, zone, now)).toBe(
      'Starts 4 Jan 2027 08:00 (Europe/Warsaw)',
    );
  });

  it('says "Never used" or the last use once it has started', () => {
    expect(usageText({ lastUsedDate: null, startDate: '2026-11-20T07:00:00.000Z' }, zone, now)).toBe('Never used');
    expect(usageText({ lastUsedDate: null, startDate: null }, zone, now)).toBe('Never used');
    expect(usageText({ lastUsedDate: '2026-11-25T21:58:00.000Z', startDate: null }, zone, now)).toBe(
      'Last used 25 Nov 22:58 (Europe/Warsaw)',
    );
  });
});
