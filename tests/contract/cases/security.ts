import { createUser } from '../../support/factories/core';
import { ACCOUNT, defineCases, OWN_ACCOUNT } from '../types';

/** Settings > Security: /api/v37/my/account/* (issue 16). Each acts on the caller's own account. */

export const cases = defineCases([
  {
    route: `${ACCOUNT}/password`,
    method: 'PUT',
    scopes: ['Account.ReadWrite'],
    ok: [200],
    noForeign: OWN_ACCOUNT,
    setup: async () => {
      const as = await createUser();
      return {
        as,
        url: `${ACCOUNT}/password`,
        body: { currentPassword: as.password, newPassword: `new ${as.password}` },
        malformed: [
          { url: `${ACCOUNT}/password`, body: { currentPassword: as.password } },
          { url: `${ACCOUNT}/password`, body: { currentPassword: as.password, newPassword: 'short' } },
          { url: `${ACCOUNT}/password`, body: { currentPassword: as.password, newPassword: 'x'.repeat(201) } },
          { url: `${ACCOUNT}/password`, body: '{not json' },
        ],
      };
    },
  },
  {
    route: `${ACCOUNT}/reauthenticate`,
    method: 'POST',
    scopes: ['Account.ReadWrite'],
    ok: [204],
    noForeign: OWN_ACCOUNT,
    setup: async () => {
      const as = await createUser();
      return {
        as,
        url: `${ACCOUNT}/reauthenticate`,
        body: { password: as.password },
        malformed: [
          { url: `${ACCOUNT}/reauthenticate`, body: {} },
          { url: `${ACCOUNT}/reauthenticate`, body: { password: 12345678 } },
        ],
      };
    },
  },
  {
    route: `${ACCOUNT}/sessions`,
    method: 'DELETE',
    scopes: ['Account.ReadWrite'],
    ok: [200],
    noForeign: OWN_ACCOUNT,
    noMalformed: 'takes no input',
    setup: async () => ({ as: await createUser(), url: `${ACCOUNT}/sessions` }),
  },
]);
