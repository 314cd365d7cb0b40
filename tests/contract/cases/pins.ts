import { createLock, lockWithCast } from '../../support/factories/core';
import { insertPins } from '../../support/factories/pins';
import { defineCases } from '../types';

/** Lock PINs (issue 5). Writes go to the simulated lock, which is paired and online in lockWithCast. */
const BASE = (id: number | string) => `/api/v37/my/lock/${id}/pin`;
const PIN = { alias: 'Contract', pin: '385016' };

/** A lock with one PIN, and a foreign lock (nobody gave the caller access) with one PIN too. */
async function castWithPin() {
  const c = await lockWithCast();
  const foreign = await createLock();
  const [pinId] = await insertPins(c.lock.id, [{ value: '720194', alias: 'Mine' }]);
  const [foreignPinId] = await insertPins(foreign.id, [{ value: '720194', alias: 'Theirs' }]);
  return {
    ...c,
    foreign,
    pinId,
    foreignPinId,
    one: `${BASE(c.lock.id)}/${pinId}`,
    foreignOne: `${BASE(foreign.id)}/${foreignPinId}`,
  };
}

export const cases = defineCases([
  {
    route: '/api/v37/my/lock/[id]/pin',
    method: 'GET',
    scopes: ['Device.Read', 'Device.ReadWrite'],
    ok: [200],
    setup: async () => {
      const c = await castWithPin();
      return {
        as: c.admin,
        url: BASE(c.lock.id),
        foreign: { url: BASE(c.foreign.id) },
        malformed: [
          { url: BASE('abc') },
          { url: `${BASE(c.lock.id)}?listVersion=-1` },
          { url: `${BASE(c.lock.id)}?listVersion=two` },
        ],
      };
    },
  },
  {
    route: '/api/v37/my/lock/[id]/pin',
    method: 'POST',
    scopes: ['Device.ReadWrite'],
    ok: [201],
    setup: async () => {
      const c = await castWithPin();
      return {
        as: c.owner,
        url: BASE(c.lock.id),
        body: PIN,
        foreign: { url: BASE(c.foreign.id), body: PIN },
        malformed: [
          { url: BASE(c.lock.id), body: { ...PIN, pin: '12345' } },
          { url: BASE(c.lock.id), body: { ...PIN, alias: '  ' } },
          { url: BASE(c.lock.id), body: { ...PIN, weekDays: 200 } },
          { url: BASE(c.lock.id), body: '{nope' },
          { url: BASE(0), body: PIN },
        ],
      };
    },
  },
  {
    route: '/api/v37/my/lock/[id]/pin/[pinId]',
    method: 'GET',
    scopes: ['Device.Read', 'Device.ReadWrite'],
    ok: [200],
    setup: async () => {
      const c = await castWithPin();
      return {
        as: c.owner,
        url: c.one,
        foreign: { url: c.foreignOne },
        malformed: [{ url: `${BASE(c.lock.id)}/x` }, { url: `${BASE('x')}/${c.pinId}` }],
      };
    },
  },
  {
    route: '/api/v37/my/lock/[id]/pin/[pinId]',
    method: 'PUT',
    scopes: ['Device.ReadWrite'],
    ok: [204],
    setup: async () => {
      const c = await castWithPin();
      return {
        as: c.admin,
        url: c.one,
        body: PIN,
        foreign: { url: c.foreignOne, body: PIN },
        malformed: [
          { url: c.one, body: { ...PIN, pin: '1111' } },
          { url: c.one, body: { ...PIN, dayStartTime: 'noon' } },
          { url: `${BASE(c.lock.id)}/-4`, body: PIN },
        ],
      };
    },
  },
  {
    route: '/api/v37/my/lock/[id]/pin/[pinId]',
    method: 'DELETE',
    scopes: ['Device.ReadWrite'],
    ok: [204],
    setup: async () => {
      const c = await castWithPin();
      return {
        as: c.owner,
        url: c.one,
        foreign: { url: c.foreignOne },
        malformed: [{ url: `${BASE(c.lock.id)}/1.5` }],
      };
    },
  },
]);
