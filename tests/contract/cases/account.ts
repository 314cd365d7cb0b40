import { randomUUID } from 'node:crypto';
import { createUser } from '../../support/factories/core';
import { createKeyFor } from '../../support/factories/account';
import { defineCases } from '../types';

/** Personal access keys: /api/v37/my/personalaccesskey (issue 3). */
const BASE = '/api/v37/my/personalaccesskey';

/** The caller with one key of theirs, and another user with one key of theirs. */
async function twoOwners() {
  const [me, other] = await Promise.all([createUser(), createUser()]);
  // read-only, so a key with just Account.ReadWrite may change it (it holds Account.Read)
  const [mine, theirs] = await Promise.all([createKeyFor(me.id, { scopes: ['Account.Read'] }), createKeyFor(other.id)]);
  return { me, mine, theirs };
}

export const cases = defineCases([
  {
    route: BASE,
    method: 'GET',
    scopes: ['Account.Read', 'Account.ReadWrite'],
    noForeign:
      'lists only the caller’s own keys (tests/api/personalaccesskey.test.ts checks another user’s keys are absent)',
    noMalformed: 'takes no input',
    setup: async () => ({ as: await createUser(), url: BASE }),
  },
  {
    route: BASE,
    method: 'POST',
    scopes: ['Account.ReadWrite'],
    ok: [201],
    noForeign: 'creates a key for the caller; there is no resource id',
    setup: async () => ({
      as: await createUser(),
      url: BASE,
      // Account.Read is held by any key with Account.ReadWrite, and an hour is within the calling key's life
      body: { name: 'contract', scopes: ['Account.Read'], validTo: new Date(Date.now() + 3_600_000).toISOString() },
      malformed: [
        { url: BASE, body: { name: '', scopes: ['Account.Read'], days: 1 } },
        { url: BASE, body: { name: 'x', scopes: ['No.Such'], days: 1 } },
        { url: BASE, body: { name: 'x', scopes: [], days: 1 } },
        { url: BASE, body: { name: 'x', scopes: ['Account.Read'], validTo: 'yesterday' } },
        { url: BASE, body: '{not json' },
      ],
    }),
  },
  {
    route: `${BASE}/[id]`,
    method: 'PUT',
    scopes: ['Account.ReadWrite'],
    ok: [204], // Tedee's personalaccesskey/update.rst
    setup: async () => {
      const { me, mine, theirs } = await twoOwners();
      return {
        as: me,
        url: `${BASE}/${mine.id}`,
        body: { name: 'renamed' },
        foreign: { url: `${BASE}/${theirs.id}`, body: { name: 'renamed' } },
        malformed: [
          { url: `${BASE}/not-a-uuid`, body: { name: 'renamed' } },
          { url: `${BASE}/${mine.id}`, body: { days: 'ten' } },
          { url: `${BASE}/${mine.id}`, body: { name: ' ' } },
        ],
      };
    },
  },
  {
    route: `${BASE}/[id]`,
    method: 'DELETE',
    scopes: ['Account.ReadWrite'],
    ok: [204],
    setup: async () => {
      const { me, mine, theirs } = await twoOwners();
      return {
        as: me,
        url: `${BASE}/${mine.id}`,
        foreign: { url: `${BASE}/${theirs.id}` },
        malformed: [{ url: `${BASE}/123` }, { url: `${BASE}/${randomUUID()}x` }],
      };
    },
  },
]);
