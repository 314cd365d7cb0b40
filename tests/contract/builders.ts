import { lockAndOther } from '../support/factories/core';
import { type ContractCase, MY } from './types';

/**
 * A read (GET, Device.Read or Device.ReadWrite, 200) of one of the caller's own locks at `route`
 * under /api/v37/my, its one [id] or [deviceId] the lock's id. The foreign one is a lock nobody
 * gave the caller (lockAndOther); `badIds` stand in for the id in the malformed requests.
 */
export const ownLockRead = (route: string, badIds: (string | number)[]): ContractCase => {
  const at = (id: string | number) => `${MY}/${route.replace(/\[\w+\]/, String(id))}`;
  return {
    route: `${MY}/${route}`,
    method: 'GET',
    scopes: ['Device.Read', 'Device.ReadWrite'],
    ok: [200],
    setup: async () => {
      const { owner, lock, other } = await lockAndOther();
      return {
        as: owner,
        url: at(lock.id),
        foreign: { url: at(other.id) },
        malformed: badIds.map((id) => ({ url: at(id) })),
      };
    },
  };
};
