import { createUser } from '../../support/factories/core';
import { defineCases } from '../types';

/** Settings > Security: /api/v37/my/account/* (issue 16). Each acts on the caller's own account. */
const BASE = '/api/v37/my/account';
const own = 'acts on the caller’s own account; there is no resource id';

export const cases = defineCases([
  {
    route: `${BASE}/password`,
    method: 'PUT',
    scopes: ['Account.ReadWrite'],
    ok: [200],
    noForeign: own,
    setup: async () => {
      const as = await createUser();
      return {
        as,
        url: `${BASE}/password`,
        body: { currentPassword: as.password, newPassword: `new ${as.password}` },
        malformed: [
          { url: `${BASE}/password`, body: { currentPassword: as.password } },
          { url: `${BASE}/password`, body: { currentPassword: as.password, newPassword: 'short' } },
          { url: `${BASE}/password`, body: { currentPassword: as.password, newPassword: 'x'.repeat(201) } },
          { url: `${BASE}/password`, body: '{not json' },
        ],
      };
    },
  },
  {
    route: `${BASE}/reauthenticate`,
    method: 'POST',
    scopes: ['Account.ReadWrite'],
    ok: [204],
    noForeign: own,
    setup: async () => {
      const as = await createUser();
      return {
        as,
        url: `${BASE}/reauthenticate`,
        body: { password: as.password },
        malformed: [
          { url: `${BASE}/reauthenticate`, body: {} },
          { url: `${BASE}/reauthenticate`, body: { password: 12345678 } },
        ],
      };
    },
  },
  {
    route: `${BASE}/sessions`,
    method: 'DELETE',
    scopes: ['Account.ReadWrite'],
    ok: [200],
    noForeign: own,
    noMalformed: 'takes no input',
    setup: async () => ({ as: await createUser(), url: `${BASE}/sessions` }),
  },
]);
