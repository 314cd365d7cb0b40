import { AccessLevel } from '@/db/schema';
import {
  createBridge,
  createLock,
  createUser,
  grantUser,
  lockAndOther,
  lockWithCast,
} from '../../support/factories/core';
import { createDoorSensor, createGate } from '../../support/factories/devices';
import { defineCases, MY } from '../types';

/** Managing devices (issue 19): lock settings, one gate, gate sync of an account, opening a gate, door sensors. */

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
    route: `${MY}/lock`,
    method: 'PATCH',
    scopes: ['Device.ReadWrite'],
    ok: [200],
    setup: async () => {
      const { owner, lock, other } = await lockAndOther();
      return {
        as: owner,
        url: `${MY}/lock`,
        body: { id: lock.id, revision: lock.revision, name: 'Renamed door' },
        foreign: { url: `${MY}/lock`, body: { id: other.id, revision: other.revision, name: 'Not yours' } },
        malformed: [
          { url: `${MY}/lock`, body: { id: lock.id, name: 'No revision' } },
          { url: `${MY}/lock`, body: { id: 'one', revision: 1 } },
          { url: `${MY}/lock`, body: { id: lock.id, revision: lock.revision, deviceSettings: { autoLockDelay: 0 } } },
          {
            url: `${MY}/lock`,
            body: { id: lock.id, revision: lock.revision, deviceSettings: { autoLockEnabled: 'yes' } },
          },
          { url: `${MY}/lock`, body: { id: lock.id, revision: lock.revision, timeZone: 'Mars/Olympus' } },
        ],
      };
    },
  },
  {
    route: `${MY}/gate/[id]`,
    method: 'GET',
    scopes: ['Device.Read', 'Device.ReadWrite'],
    ok: [200],
    setup: async () => {
      const { owner, gate, other } = await gateAndOther();
      return {
        as: owner,
        url: `${MY}/gate/${gate.id}?includeUserSettings=true`,
        foreign: { url: `${MY}/gate/${other.id}` },
        malformed: [{ url: `${MY}/gate/abc` }, { url: `${MY}/gate/${gate.id}?includeUserSettings=maybe` }],
      };
    },
  },
  {
    route: `${MY}/gate/[id]`,
    method: 'DELETE',
    scopes: ['Device.ReadWrite'],
    ok: [204],
    setup: async () => {
      const { owner, gate, other } = await gateAndOther();
      return {
        as: owner,
        url: `${MY}/gate/${gate.id}`,
        foreign: { url: `${MY}/gate/${other.id}` },
        malformed: { url: `${MY}/gate/0` },
      };
    },
  },
  {
    route: `${MY}/gate/sync`,
    method: 'POST',
    scopes: ['Device.ReadWrite'],
    ok: [204],
    noForeign: 'synchronizes the caller’s own account in the external gate system; there is no resource id',
    noMalformed: 'takes no input',
    setup: async () => ({ as: (await gateAndOther()).owner, url: `${MY}/gate/sync` }),
  },
  {
    route: `${MY}/gate/[id]/operation/unlock`,
    method: 'POST',
    scopes: ['Device.ReadWrite', 'Lock.Operate'],
    ok: [204],
    setup: async () => {
      const { owner, gate, other } = await gateAndOther();
      return {
        as: owner,
        url: `${MY}/gate/${gate.id}/operation/unlock`,
        foreign: { url: `${MY}/gate/${other.id}/operation/unlock` },
        malformed: { url: `${MY}/gate/x/operation/unlock` },
      };
    },
  },
  {
    route: `${MY}/doorsensor/[id]`,
    method: 'GET',
    scopes: ['Device.Read', 'Device.ReadWrite'],
    ok: [200],
    setup: async () => {
      const { owner, sensor, other } = await sensorAndOther();
      return {
        as: owner,
        url: `${MY}/doorsensor/${sensor.id}?includeUserSettings=true`,
        foreign: { url: `${MY}/doorsensor/${other.id}` },
        malformed: [{ url: `${MY}/doorsensor/abc` }, { url: `${MY}/doorsensor/${sensor.id}?includeUserSettings=2` }],
      };
    },
  },
  {
    route: `${MY}/doorsensor/[id]`,
    method: 'PATCH',
    scopes: ['Device.ReadWrite'],
    ok: [200],
    setup: async () => {
      const { owner, sensor, other } = await sensorAndOther();
      return {
        as: owner,
        url: `${MY}/doorsensor/${sensor.id}`,
        body: { revision: sensor.revision, name: 'Hall door sensor' },
        foreign: { url: `${MY}/doorsensor/${other.id}`, body: { revision: other.revision, name: 'Not yours' } },
        malformed: [
          { url: `${MY}/doorsensor/${sensor.id}`, body: { name: 'No revision' } },
          { url: `${MY}/doorsensor/${sensor.id}`, body: { revision: sensor.revision, name: '' } },
          {
            url: `${MY}/doorsensor/${sensor.id}`,
            body: { revision: sensor.revision, userSettings: { favorite: 'yes' } },
          },
          { url: `${MY}/doorsensor/x`, body: { revision: 1 } },
        ],
      };
    },
  },
  {
    route: `${MY}/doorsensor/[id]`,
    method: 'DELETE',
    scopes: ['Device.ReadWrite'],
    ok: [204],
    setup: async () => {
      const { owner, sensor, other } = await sensorAndOther();
      return {
        as: owner,
        url: `${MY}/doorsensor/${sensor.id}`,
        foreign: { url: `${MY}/doorsensor/${other.id}` },
        malformed: { url: `${MY}/doorsensor/-1` },
      };
    },
  },
]);
