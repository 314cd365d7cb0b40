import { randomUUID } from 'node:crypto';
import { AccessLevel } from '@/db/schema';
import { unsubscribeLink } from '@/lib/domain/notifications/message';
import { createLock, createUser, db, grantUser } from '../../support/factories/core';
import { defineCases } from '../types';

/** Notification mails (issue 22): the caller's preferences, and the public unsubscribe link. */
const MY = '/api/v37/my/notification';
const UNSUB = '/api/v37/notification/unsubscribe';

/** A user who owns a lock (so it has notifications to choose), and another user's lock. */
async function ownerOfALock() {
  const u = await createUser();
  const lock = await createLock();
  await grantUser(lock.id, u.id, AccessLevel.owner);
  const other = await createLock();
  return { u, lock, other };
}

export const cases = defineCases([
  {
    route: MY,
    method: 'GET',
    scopes: ['Account.Read', 'Account.ReadWrite'],
    ok: [200],
    setup: async () => ({ as: (await ownerOfALock()).u, url: MY }),
    noForeign: "the caller's own preferences only",
    noMalformed: 'takes no input',
  },
  {
    route: MY,
    method: 'PUT',
    scopes: ['Account.ReadWrite'],
    ok: [200],
    setup: async () => {
      const { u, lock, other } = await ownerOfALock();
      return {
        as: u,
        url: MY,
        body: { digest: true, devices: [{ deviceId: lock.id, kind: 'jammed', enabled: false }] },
        foreign: { url: MY, body: { devices: [{ deviceId: other.id, kind: 'jammed', enabled: false }] } },
        malformed: [
          { url: MY, body: {} },
          { url: MY, body: { digest: 'yes' } },
          { url: MY, body: { devices: [{ deviceId: lock.id, kind: 'doorbell', enabled: true }] } },
        ],
      };
    },
  },
  {
    route: UNSUB,
    method: 'POST',
    scopes: 'public',
    ok: [200],
    setup: async () => {
      const u = await createUser();
      const link = await unsubscribeLink(await db(), u.id, 'jammed', new Date());
      const token = new URL(link).searchParams.get('token');
      return {
        url: UNSUB,
        body: { token },
        foreign: { url: UNSUB, body: { token: randomUUID().replace(/-/g, '').padEnd(43, 'A') } },
        malformed: [
          { url: UNSUB, body: {} },
          { url: UNSUB, body: { token: 'x'.repeat(101) } },
        ],
      };
    },
  },
]);
