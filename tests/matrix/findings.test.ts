import { describe, expect, it } from 'vitest';
import { AccessLevel } from '@/db/schema';
import { createGate, deviceRow } from '../support/factories/devices';
import { grantUser, lockWithCast } from '../support/factories/core';
import { insertPins } from '../support/factories/pins';
import { api } from '../support/router';

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
    const knob = await api('POST', `/api/sim/device/${lock.id}`, { key: readOnly, body: { action: 'press', how: 'knob', operation: 'unlock' } });
    const keypad = await api('POST', `/api/sim/lock/${lock.id}/keypad`, { key: readOnly, body: { pin: '729104' } });
    const removed = await api('POST', '/api/sim/gate', { key: readOnly, body: { action: 'remove', externalId: gate.externalId } });
    expect([knob.status, keypad.status, removed.status]).toEqual([403, 403, 403]);
    expect((await deviceRow(lock.id)).state).toBe(6); // still locked
    // reading what the simulator holds stays a read
    expect((await api('GET', `/api/sim/device/${lock.id}`, { key: readOnly })).status).toBe(200);
    // the owner's full key drives it
    expect((await api('POST', `/api/sim/lock/${lock.id}/keypad`, { key: owner.key, body: { pin: '729104' } })).json.result.unlocked).toBe(true);
  });
});
