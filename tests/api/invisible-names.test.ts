import { beforeAll, describe, expect, it } from 'vitest';
import { showsSomething } from '@/lib/shared/text';
import { lockWithCast } from '../support/factories/core';
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
});
