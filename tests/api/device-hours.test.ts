import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { AccessLevel } from '@/db/schema';
import { api } from '../support/router';
import { addOrgUser, createGroup, createUser, grantGroup, grantUser, lockWithCast } from '../support/factories/core';
import { createGate, orgWithCast } from '../support/factories/organization';
import { activeWindow, outsideWindow } from '../support/factories/schedule';

/** GET /my/device/{deviceId}/hours: the caller's own hours on a door and when they can next open it. */
const hours = (key: string, id: number) => api('GET', `/api/v37/my/device/${id}/hours`, { key });

describe('GET /my/device/{deviceId}/hours', () => {
  it('an owner: always, open now, no next opening', async () => {
    const { owner, lock } = await lockWithCast();
    const r = await hours(owner.key, lock.id);
    expect(r.status).toBe(200);
    expect(r.json.result).toEqual({
      timeZone: expect.any(String),
      always: true,
      hours: null,
      dates: null,
      openNow: true,
      remoteAccessDisabled: false,
      nextOpen: null,
      nextOpenText: null,
    });
  });

  it('an administrator inside their hours: the hours in the door’s zone, open now', async () => {
    const { lock } = await lockWithCast();
    const admin = await createUser();
    await grantUser(lock.id, admin.id, AccessLevel.administrator, { ...activeWindow(), weekDays: 127 });
    const r = await hours(admin.key, lock.id);
    expect(r.status).toBe(200);
    const zone = r.json.result.timeZone as string;
    const w = activeWindow();
    const wall = (d: Date) => DateTime.fromJSDate(d, { zone }).toFormat('HH:mm');
    expect(r.json.result).toMatchObject({ always: false, openNow: true, nextOpen: null, nextOpenText: null });
    // within a minute of the window the test computed
    expect(r.json.result.hours).toMatch(new RegExp(`^Every day \\d\\d:\\d\\d(–| to )\\d\\d:\\d\\d.* ${zone}$`));
    expect([wall(w.dayStartTime), wall(new Date(w.dayStartTime.getTime() - 60_000))]).toContain(
      (r.json.result.hours as string).slice('Every day '.length, 'Every day '.length + 5),
    );
  });

  it('an administrator outside their hours: when they can next open, as an instant and in words at the door', async () => {
    const { lock } = await lockWithCast();
    const admin = await createUser();
    const w = outsideWindow();
    await grantUser(lock.id, admin.id, AccessLevel.administrator, w);
    const before = Date.now();
    const r = await hours(admin.key, lock.id);
    expect(r.status).toBe(200);
    expect(r.json.result).toMatchObject({ always: false, openNow: false });
    const next = Date.parse(r.json.result.nextOpen as string);
    // the window opens at its start's wall-clock minute, about three hours from now
    expect(next).toBeGreaterThan(before + 3 * 3_600_000 - 120_000);
    expect(next).toBeLessThanOrEqual(w.dayStartTime.getTime());
    expect(r.json.result.nextOpenText).toBe(
      DateTime.fromMillis(next, { zone: r.json.result.timeZone as string }).toFormat('ccc HH:mm'),
    );
  });

  it('a member through a group on a gate, and a guest without remote opening', async () => {
    const c = await orgWithCast();
    const gate = await createGate(c.org.id);
    await grantUser(gate.id, c.owner.id, AccessLevel.owner);
    const group = await createGroup(c.org.id, undefined, [c.ouIds.member]);
    await grantGroup(gate.id, group.id, AccessLevel.guest, { weekDays: 31 });
    const m = await hours(c.member.key, gate.id);
    expect(m.status).toBe(200);
    expect(m.json.result).toMatchObject({ always: false, hours: `Mon–Fri (${m.json.result.timeZone})` });
    const weekday = DateTime.now().setZone(m.json.result.timeZone as string).weekday <= 5;
    expect(m.json.result.openNow).toBe(weekday);
    expect(m.json.result.nextOpen === null).toBe(weekday);

    const guest = await createUser();
    await addOrgUser(c.other.id, guest.id, 0);
    await grantUser(gate.id, guest.id, AccessLevel.guest, { remoteAccessDisabled: true });
    const g = await hours(guest.key, gate.id);
    expect(g.status).toBe(200);
    expect(g.json.result).toMatchObject({ always: true, openNow: true, remoteAccessDisabled: true, nextOpen: null });
  });

  it('an outsider, an expired access and an unknown id: 404 (ids cannot be probed)', async () => {
    const { lock, outsider } = await lockWithCast();
    expect((await hours(outsider.key, lock.id)).status).toBe(404);
    const former = await createUser();
    await grantUser(lock.id, former.id, AccessLevel.guest, { endDate: new Date(Date.now() - 60_000) });
    expect((await hours(former.key, lock.id)).status).toBe(404);
    expect((await hours(outsider.key, 2147483000)).status).toBe(404);
  });
});
