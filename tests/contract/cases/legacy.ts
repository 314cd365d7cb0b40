import { AccessLevel } from '@/db/schema';
import { createBridge, createUser, grantUser, lockAndOther } from '../../support/factories/core';
import { ownLockRead } from '../builders';
import { defineCases, MY } from '../types';

/** Older Tedee clients' paths (issue 32): legacy commands, the battery read, keypads, PATCH /my/bridge. */

const command = (path: 'open' | 'close' | 'pull-spring') => ({
  route: `${MY}/lock/${path}`,
  method: 'POST' as const,
  scopes: ['Lock.Operate'] as ['Lock.Operate'],
  ok: [202],
  setup: async () => {
    const { owner, lock, other } = await lockAndOther();
    return {
      as: owner,
      url: `${MY}/lock/${path}`,
      body: { deviceId: lock.id },
      foreign: { url: `${MY}/lock/${path}`, body: { deviceId: other.id } },
      malformed: [
        { url: `${MY}/lock/${path}`, body: {} },
        { url: `${MY}/lock/${path}`, body: { deviceId: 'front door' } },
        { url: `${MY}/lock/${path}`, body: { deviceId: -1 } },
      ],
    };
  },
});

export const cases = defineCases([
  command('open'),
  command('close'),
  command('pull-spring'),
  ownLockRead('device/[deviceId]/battery', ['abc']),
  {
    route: `${MY}/keypad`,
    method: 'GET',
    scopes: ['Device.Read', 'Device.ReadWrite'],
    ok: [200],
    noForeign: 'always an empty list (no keypads exist here)',
    noMalformed: 'takes no input',
    setup: async () => ({ as: await createUser(), url: `${MY}/keypad` }),
  },
  {
    route: `${MY}/bridge`,
    method: 'PATCH',
    scopes: ['Device.ReadWrite'],
    ok: [200],
    setup: async () => {
      const owner = await createUser();
      const [bridge, other] = await Promise.all([createBridge(), createBridge()]);
      await grantUser(bridge.id, owner.id, AccessLevel.owner);
      return {
        as: owner,
        url: `${MY}/bridge`,
        body: { id: bridge.id, name: 'Hall bridge' },
        foreign: { url: `${MY}/bridge`, body: { id: other.id, name: 'Hall bridge' } },
        malformed: [
          { url: `${MY}/bridge`, body: { name: 'no id' } },
          { url: `${MY}/bridge`, body: { id: bridge.id, timeZone: 'Mars/Olympus' } },
          { url: `${MY}/bridge`, body: { id: bridge.id, localApiEnabled: true } },
        ],
      };
    },
  },
]);
