import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AccessLevel, accessLinks } from '@/db/schema';
import { createGate, deviceRow } from '../support/factories/devices';
import { createGroup, db, grantGroup, grantUser, lockWithCast } from '../support/factories/core';
import { insertPins } from '../support/factories/pins';
import { outsideWindow } from '../support/factories/schedule';
import { api } from '../support/router';
import { aWeek, createOrgLock, orgWithCast } from '../support/factories/organization';

/**
 * What the authorization matrix found, one test each, as they would have been written had the
 * rule been seen: each failed before its fix.
 */
describe('found by the matrix', () => {
  it('a read-only key (Device.Read) cannot drive the simulated hardware: no knob press, keypad entry or external gate change', async () => {
    const { owner, lock } = await lockWithCast();
    await insertPins(lock.id, [{ value: '729104', alias: 'Cleaner' }]);
    const gate = await createGate();
    await grantUser(gate.id, owner.id, AccessLevel.owner);
    const readOnly = await owner.keyWith(['Device.Read']);
    const knob = await api('POST', `/api/sim/device/${lock.id}`, {
      key: readOnly,
      body: { action: 'press', how: 'knob', operation: 'unlock' },
    });
    const keypad = await api('POST', `/api/sim/lock/${lock.id}/keypad`, { key: readOnly, body: { pin: '729104' } });
    const removed = await api('POST', '/api/sim/gate', {
      key: readOnly,
      body: { action: 'remove', externalId: gate.externalId },
    });
    expect([knob.status, keypad.status, removed.status]).toEqual([403, 403, 403]);
    expect((await deviceRow(lock.id)).state).toBe(6); // still locked
    // reading what the simulator holds stays a read
    expect((await api('GET', `/api/sim/device/${lock.id}`, { key: readOnly })).status).toBe(200);
    // the owner's full key drives it
    expect(
      (await api('POST', `/api/sim/lock/${lock.id}/keypad`, { key: owner.key, body: { pin: '729104' } })).json.result
        .unlocked,
    ).toBe(true);
  });

  it('an expired link no longer reports its openings (410, nothing of the device), as it shows nothing else', async () => {
    const c = await orgWithCast();
    const lock = await createOrgLock(c.org.id);
    await grantUser(lock.id, c.owner.id, AccessLevel.owner);
    const made = (
      await api('POST', `/api/v37/organization/${c.org.id}/accesslink`, {
        key: c.owner.key,
        body: { name: 'Plumber', deviceIds: [lock.id], repeatEvent: aWeek() },
      })
    ).json.result;
    const token = made.url.split('/link/')[1];
    const guest = { headers: { 'x-forwarded-for': '2001:db8:f1::1' } };
    const opened = await api('POST', `/api/v37/link/${token}/device/${lock.id}/open`, guest);
    expect(opened.status).toBe(202);
    const url = `/api/v37/link/${token}/operation/${opened.json.result.operationId}`;
    expect((await api('GET', url, guest)).status).toBe(200);
    // the window ended a minute ago
    await (await db())
      .update(accessLinks)
      .set({ startDate: new Date(Date.now() - 3_600_000), endDate: new Date(Date.now() - 60_000) })
      .where(eq(accessLinks.id, made.id));
    const after = await api('GET', url, guest);
    expect(after.status).toBe(410);
    expect(after.json.errorMessages[0]).toMatch(/expired/);
    expect(after.text).not.toContain(String(lock.id));
  });

  it('among equal group accesses the one that lets the person in counts, whichever row the database reads first', async () => {
    const c = await orgWithCast();
    const [remoteOff, remoteOn] = [
      await createGroup(c.org.id, 'Night shift', [c.ouIds.member]),
      await createGroup(c.org.id, 'Day shift', [c.ouIds.member]),
    ];
    const unlock = (lockId: number) =>
      api('POST', `/api/v37/my/lock/${lockId}/operation/unlock`, { key: c.member.key });
    // the same two accesses, written in both orders
    for (const order of [
      [remoteOff, remoteOn],
      [remoteOn, remoteOff],
    ]) {
      const lock = await createOrgLock(c.org.id);
      for (const g of order)
        await grantGroup(lock.id, g.id, AccessLevel.guest, { remoteAccessDisabled: g === remoteOff });
      expect((await unlock(lock.id)).status, order.map((g) => g.name).join(' then ')).toBe(202);
    }
    // and an active access counts before one outside its window, in both orders
    for (const order of [
      [outsideWindow(), null],
      [null, outsideWindow()],
    ]) {
      const lock = await createOrgLock(c.org.id);
      for (const [i, window] of order.entries())
        await grantGroup(lock.id, [remoteOff, remoteOn][i].id, AccessLevel.guest, window ?? {});
      expect((await unlock(lock.id)).status).toBe(202);
    }
  });
});
