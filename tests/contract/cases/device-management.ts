import { AccessLevel } from '@/db/schema';
import { createBridge, createLock, createUser, grantUser, lockWithCast } from '../../support/factories/core';
import { createDoorSensor, createGate } from '../../support/factories/devices';
import { defineCases } from '../types';

/** Managing devices (issue 19): lock settings, one gate, gate sync of an account, opening a gate, door sensors. */
const V = '/api/v37/my';

async function gateAndOther() {
  const owner = await createUser();
  const gate = await createGate({ account: owner.id });
  await grantUser(gate.id, owner.id, AccessLevel.owner);
  return { owner, gate, other: await createGate() };
}

async function sensorAndOther() {
  const { owner, lock } = await lockWithCast();
  const sensor = await createDoorSensor(lock);
  await grantUser(sensor.id, owner.id, AccessLevel.owner);
  return { owner, sensor, other: await createDoorSensor(await createLock({ bridge: await createBridge() })) };
}

export const cases = defineCases([
  {
    route: `${V}/lock`,
    method: 'PATCH',
    scopes: ['Device.ReadWrite'],
    ok: [200],
    setup: async () => {
      const { owner, lock } = await lockWithCast();
      const other = await createLock({ bridge: await createBridge() });
      return {
        as: owner,
        url: `${V}/lock`,
        body: { id: lock.id, revision: lock.revision, name: 'Renamed door' },
        foreign: { url: `${V}/lock`, body: { id: other.id, revision: other.revision, name: 'Not yours' } },
        malformed: [
          { url: `${V}/lock`, body: { id: lock.id, name: 'No revision' } },
          { url: `${V}/lock`, body: { id: 'one', revision: 1 } },
          { url: `${V}/lock`, body: { id: lock.id, revision: lock.revision, deviceSettings: { autoLockDelay: 0 } } },
          {
            url: `${V}/lock`,
            body: { id: lock.id, revision: lock.revision, deviceSettings: { autoLockEnabled: 'yes' } },
          },
          { url: `${V}/lock`, body: { id: lock.id, revision: lock.revision, timeZone: 'Mars/Olympus' } },
        ],
      };
    },
  },
  {
    route: `${V}/gate/[id]`,
    method: 'GET',
    scopes: ['Device.Read', 'Device.ReadWrite'],
    ok: [200],
    setup: async () => {
      const { owner, gate, other } = await gateAndOther();
      return {
        as: owner,
        url: `${V}/gate/${gate.id}?includeUserSettings=true`,
        foreign: { url: `${V}/gate/${other.id}` },
        malformed: [{ url: `${V}/gate/abc` }, { url: `${V}/gate/${gate.id}?includeUserSettings=maybe` }],
      };
    },
  },
  {
    route: `${V}/gate/[id]`,
    method: 'DELETE',
    scopes: ['Device.ReadWrite'],
    ok: [204],
    setup: async () => {
      const { owner, gate, other } = await gateAndOther();
      return {
        as: owner,
        url: `${V}/gate/${gate.id}`,
        foreign: { url: `${V}/gate/${other.id}` },
        malformed: { url: `${V}/gate/0` },
      };
    },
  },
  {
    route: `${V}/gate/sync`,
    method: 'POST',
    scopes: ['Device.ReadWrite'],
    ok: [204],
    noForeign: 'synchronizes the caller’s own account in the external gate system; there is no resource id',
    noMalformed: 'takes no input',
    setup: async () => ({ as: (await gateAndOther()).owner, url: `${V}/gate/sync` }),
  },
  {
    route: `${V}/gate/[id]/operation/unlock`,
    method: 'POST',
    scopes: ['Device.ReadWrite', 'Lock.Operate'],
    ok: [204],
    setup: async () => {
      const { owner, gate, other } = await gateAndOther();
      return {
        as: owner,
        url: `${V}/gate/${gate.id}/operation/unlock`,
        foreign: { url: `${V}/gate/${other.id}/operation/unlock` },
        malformed: { url: `${V}/gate/x/operation/unlock` },
      };
    },
  },
  {
    route: `${V}/doorsensor/[id]`,
    method: 'GET',
    scopes: ['Device.Read', 'Device.ReadWrite'],
    ok: [200],
    setup: async () => {
      const { owner, sensor, other } = await sensorAndOther();
      return {
        as: owner,
        url: `${V}/doorsensor/${sensor.id}?includeUserSettings=true`,
        foreign: { url: `${V}/doorsensor/${other.id}` },
        malformed: [{ url: `${V}/doorsensor/abc` }, { url: `${V}/doorsensor/${sensor.id}?includeUserSettings=2` }],
      };
    },
  },
  {
    route: `${V}/doorsensor/[id]`,
    method: 'PATCH',
    scopes: ['Device.ReadWrite'],
    ok: [200],
    setup: async () => {
      const { owner, sensor, other } = await sensorAndOther();
      return {
        as: owner,
        url: `${V}/doorsensor/${sensor.id}`,
        body: { revision: sensor.revision, name: 'Hall door sensor' },
        foreign: { url: `${V}/doorsensor/${other.id}`, body: { revision: other.revision, name: 'Not yours' } },
        malformed: [
          { url: `${V}/doorsensor/${sensor.id}`, body: { name: 'No revision' } },
          { url: `${V}/doorsensor/${sensor.id}`, body: { revision: sensor.revision, name: '' } },
          {
            url: `${V}/doorsensor/${sensor.id}`,
            body: { revision: sensor.revision, userSettings: { favorite: 'yes' } },
          },
          { url: `${V}/doorsensor/x`, body: { revision: 1 } },
        ],
      };
    },
  },
  {
    route: `${V}/doorsensor/[id]`,
    method: 'DELETE',
    scopes: ['Device.ReadWrite'],
    ok: [204],
    setup: async () => {
      const { owner, sensor, other } = await sensorAndOther();
      return {
        as: owner,
        url: `${V}/doorsensor/${sensor.id}`,
        foreign: { url: `${V}/doorsensor/${other.id}` },
        malformed: { url: `${V}/doorsensor/-1` },
      };
    },
  },
]);
