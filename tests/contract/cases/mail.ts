import { randomUUID } from 'node:crypto';
import { deviceAccess } from '@/db/schema';
import { invitationTo, sharingCast } from '../../support/factories/access';
import { mailedToken } from '../../support/factories/account';
import { createLock, createUser, db, grantUser } from '../../support/factories/core';
import { type ContractCase, defineCases } from '../types';
import { aClient } from '../clients';

/**
 * Proven e-mail and invitations (issue 17): the public routes of the mailed links, the signed-in
 * acceptance of an invitation, and the owner's resend. An unknown token is someone else's: 404.
 */
const A = '/api/v37/account';
const unknownToken = () => randomUUID().replace(/-/g, '').padEnd(43, 'A');
const address = () => `contract-${randomUUID().slice(0, 8)}@test.local`;

/** A pending access to `email` on a fresh lock and its invitation token. */
async function invitation(email: string) {
  const lock = await createLock();
  return { lock, ...(await invitationTo(lock.id, email)) };
}

/**
 * A public request for a mail to an address (a fresh one, from a client of its own): accepted (202)
 * the same for every address; each of `malformed` is a body that must be refused.
 */
const askForMail = (path: string, malformed: unknown[]): ContractCase => ({
  route: `${A}/${path}`,
  method: 'POST',
  scopes: 'public',
  ok: [202],
  noForeign: 'answers the same for every address; there is no resource of anyone to reach',
  setup: async () => {
    const headers = aClient();
    const url = `${A}/${path}`;
    return { url, body: { email: address() }, headers, malformed: malformed.map((body) => ({ url, body, headers })) };
  },
});

export const cases = defineCases([
  {
    route: `${A}/verify`,
    method: 'POST',
    scopes: 'public',
    ok: [200],
    setup: async () => ({
      url: `${A}/verify`,
      body: { token: await mailedToken('verify') },
      foreign: { url: `${A}/verify`, body: { token: unknownToken() } },
      malformed: [
        { url: `${A}/verify`, body: {} },
        { url: `${A}/verify`, body: { token: 'x'.repeat(101) } },
        { url: `${A}/verify`, body: '{nope' },
      ],
    }),
  },
  askForMail('verify/resend', [{ email: 'nope' }, { email: 'x'.repeat(321) }, {}]),
  askForMail('password/forgot', [{ email: 'nope' }, {}]),
  {
    route: `${A}/password/reset`,
    method: 'POST',
    scopes: 'public',
    ok: [200],
    setup: async () => {
      const token = await mailedToken('reset');
      return {
        url: `${A}/password/reset`,
        body: { token, password: 'long-enough-3' },
        foreign: { url: `${A}/password/reset`, body: { token: unknownToken(), password: 'long-enough-3' } },
        malformed: [
          { url: `${A}/password/reset`, body: { token, password: 'short' } },
          { url: `${A}/password/reset`, body: { token } },
          { url: `${A}/password/reset`, body: { token, password: 'x'.repeat(201) } },
        ],
      };
    },
  },
  {
    route: `${A}/invitation/accept`,
    method: 'POST',
    scopes: ['Account.ReadWrite'],
    ok: [200],
    setup: async () => {
      const as = await createUser();
      const { token } = await invitation(as.email);
      return {
        as,
        url: `${A}/invitation/accept`,
        body: { token },
        foreign: { url: `${A}/invitation/accept`, body: { token: unknownToken() } },
        malformed: [
          { url: `${A}/invitation/accept`, body: {} },
          { url: `${A}/invitation/accept`, body: { token: 'x'.repeat(101) } },
        ],
      };
    },
  },
  {
    route: '/api/v37/my/device/[deviceId]/access/[accessId]/resend',
    method: 'POST',
    scopes: ['DeviceShare.ReadWrite'],
    ok: [200],
    setup: async () => {
      const c = await sharingCast();
      const [a] = await (await db())
        .insert(deviceAccess)
        .values({ deviceId: c.lock.id, principalType: 0, pendingEmail: address(), accessLevel: 0 })
        .returning({ id: deviceAccess.id });
      const other = await createLock();
      const stranger = await createUser();
      const theirs = await grantUser(other.id, stranger.id, 0);
      return {
        as: c.owner,
        url: `/api/v37/my/device/${c.lock.id}/access/${a.id}/resend`,
        foreign: { url: `/api/v37/my/device/${other.id}/access/${theirs.id}/resend` },
        malformed: [
          { url: `/api/v37/my/device/abc/access/${a.id}/resend` },
          { url: `/api/v37/my/device/${c.lock.id}/access/not-a-uuid/resend` },
        ],
      };
    },
  },
]);
