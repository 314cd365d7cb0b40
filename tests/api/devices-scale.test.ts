import { describe, expect, it } from 'vitest';
import { AccessLevel, DeviceType, deviceAccess, devices } from '@/db/schema';
import { api } from '../support/router';
import { createBridge, createUser, db } from '../support/factories/core';

/** A user with 1,000 locks: the listings stay whole, ordered and paged (reads are batched, not per device). */
describe('a user with 1,000 devices', () => {
  it('gets all of them from /my/device/details and /my/lock, and pages /my/lock', async () => {
    const owner = await createUser();
    const bridge = await createBridge();
    const d = await db();
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      type: DeviceType.lockPro,
      serialNumber: `SCALE-${owner.id.slice(0, 8)}-${i}`,
      name: `Door ${String(i).padStart(4, '0')}`,
      connectedToId: bridge.id,
      state: 6,
      doorState: 3,
      batteryLevel: 50,
      stateChangeResult: 0,
      lastStateChangedDate: new Date(),
      timeZone: 'Europe/Warsaw',
    }));
    const made = await d.insert(devices).values(rows).returning({ id: devices.id });
    await d
      .insert(deviceAccess)
      .values(
        made.map((m) => ({ deviceId: m.id, principalType: 0, userId: owner.id, accessLevel: AccessLevel.owner })),
      );
    const t0 = performance.now();
    const r = await api('GET', '/api/v37/my/device/details', { key: owner.key });
    const ms = performance.now() - t0;
    expect(r.status).toBe(200);
    expect(r.json.result.locks).toHaveLength(1000);
    expect(r.json.result.locks.every((l: any) => l.isConnected === true && l.accessLevel === 2)).toBe(true);
    const t1 = performance.now();
    await api('GET', '/api/v37/my/device/details', { key: owner.key });
    console.log(
      `/my/device/details with 1,000 locks: first ${ms.toFixed(0)} ms, warm ${(performance.now() - t1).toFixed(0)} ms`,
    );
    const p = await api('GET', '/api/v37/my/lock?page=10&itemsPerPage=100', { key: owner.key });
    expect(p.json.result.map((l: any) => l.name)).toEqual(
      Array.from({ length: 100 }, (_, i) => `Door ${String(900 + i).padStart(4, '0')}`),
    );
    // Tedee's clients ask without paging and expect every lock (docs/source/endpoints/lock/get-all.rst)
    const whole = await api('GET', '/api/v37/my/lock', { key: owner.key });
    expect(whole.json.result).toHaveLength(1000);
  });
});
