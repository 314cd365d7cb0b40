import { beforeAll, describe, expect, it } from 'vitest';
import { showsSomething } from '@/lib/shared/text';
import { AccessLevel } from '@/db/schema';
import { sharingCast } from '../support/factories/access';
import { grantUser, lockWithCast } from '../support/factories/core';
import { createDoorSensor } from '../support/factories/devices';
import { orgWithCast, type Cast } from '../support/factories/organization';
import { api } from '../support/router';

/**
 * Issue 30, item 8: a name made only of characters nobody sees (a right-to-left override, a
 * zero-width joiner, a noncharacter, spaces between them) looked blank everywhere and made
 * entries nobody could tell apart; every name is refused with 400 unless it shows something.
 */
const INVISIBLE = ['\u202e', '\u200d', '\uffff', '\u202e\u200d \uffff', '\u200b\u2060\ufeff', '\u0301', '\u3164'];

describe('showsSomething', () => {
  it('is false for names made of invisible, direction, noncharacters and lone marks; true once one letter shows', () => {
    for (const s of INVISIBLE) expect(showsSomething(s), JSON.stringify(s)).toBe(false);
    for (const s of ['a', '\u202eabc', 'Ω', '🔒', '٣', ' x ', 'e\u0301']) expect(showsSomething(s), s).toBe(true);
  });
});

let c: Cast;
beforeAll(async () => {
  c = await orgWithCast();
});

describe('names that show nothing are refused with 400, in the envelope', () => {
  it('group names (create and rename)', async () => {
    const url = `/api/v37/organization/${c.org.id}/user-groups`;
    for (const name of INVISIBLE) {
      const r = await api('POST', url, { key: c.owner.key, body: { name } });
      expect(r.status, JSON.stringify(name)).toBe(400);
      expect(r.json.errorMessages.join(' ')).toMatch(/visible character/);
    }
    const ok = await api('POST', url, { key: c.owner.key, body: { name: '\u202eNight' } });
    expect(ok.status).toBe(200);
    const renamed = await api('PUT', `${url}/${ok.json.result.id}`, { key: c.owner.key, body: { name: '\u200d' } });
    expect(renamed.status).toBe(400);
  });

  it('PIN aliases, personal access key names', async () => {
    const { owner, lock } = await lockWithCast();
    const pin = await api('POST', `/api/v37/my/lock/${lock.id}/pin`, {
      key: owner.key,
      body: { alias: '\u202e\u200d', pin: '572913' },
    });
    expect(pin.status).toBe(400);
    expect(pin.json.errorMessages.join(' ')).toMatch(/visible character/);
    const key = await api('POST', '/api/v37/my/personalaccesskey', {
      key: owner.key,
      body: { name: '\uffff', scopes: ['Device.Read'], validTo: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(key.status).toBe(400);
  });

  it('device names however they arrive (a lock, a bridge and a door sensor renamed; a bridge and its locks added) and app names', async () => {
    const c = await sharingCast();
    const sensor = await createDoorSensor(c.lock, { organizationId: c.org.id, name: 'Hall sensor' });
    for (const d of [c.bridge, sensor]) await grantUser(d.id, c.owner.id, AccessLevel.owner);
    const k = { key: c.owner.key };
    const bridgeAdded = (name: string, lockName: string) => ({
      address: '192.0.2.10',
      token: 'token',
      name,
      locks: [{ id: 1, name: lockName }],
    });
    for (const name of INVISIBLE) {
      const tries = {
        lock: await api('PATCH', '/api/v37/my/lock', {
          ...k,
          body: { id: c.lock.id, revision: c.lock.revision, name },
        }),
        bridge: await api('PATCH', '/api/v37/my/bridge', { ...k, body: { id: c.bridge.id, name } }),
        sensor: await api('PATCH', `/api/v37/my/doorsensor/${sensor.id}`, { ...k, body: { revision: 1, name } }),
        // refused before the bridge at that address is asked anything
        added: await api('POST', `/api/v37/organization/${c.org.id}/bridge`, {
          ...k,
          body: bridgeAdded(name, 'Front'),
        }),
        addedLock: await api('POST', `/api/v37/organization/${c.org.id}/bridge`, {
          ...k,
          body: bridgeAdded('Hall bridge', name),
        }),
        app: await api('POST', '/api/v37/my/oauthclient', {
          ...k,
          body: { name, redirectUris: ['https://app.example/cb'] },
        }),
      };
      for (const [what, r] of Object.entries(tries)) {
        expect(r.status, `${what} ${JSON.stringify(name)}`).toBe(400);
        expect(r.json.errorMessages.join(' ')).toMatch(/visible character/);
      }
    }
  });
});
