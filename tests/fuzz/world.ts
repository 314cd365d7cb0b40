import { randomUUID } from 'node:crypto';
import { AccessLevel } from '@/db/schema';
import { createKeyFor, registerPhone } from '../support/factories/account';
import { createGroup, grantUser, type TestUser } from '../support/factories/core';
import { createDoorSensor } from '../support/factories/devices';
import { insertPins } from '../support/factories/pins';
import { aWeek, createGate, createOrgLock, openInvitation, orgWithCast } from '../support/factories/organization';
import { createSubscription } from '../support/factories/webhooks';
import { api } from '../support/router';

/**
 * What the fuzz run aims at: an organization whose owner has one of everything (a lock on a bridge,
 * a gate, a door sensor, a share, a group, a PIN, an access link, an invitation, webhooks, a phone,
 * a second key), so a path id can name something real and hostile input reaches the code behind
 * the 404. Made afresh for each operation, so what one operation deletes does not starve the next.
 */
export interface World {
  owner: TestUser;
  /** a value per path parameter, by route pattern (the same name means different things on different routes) */
  param: (pattern: string, name: string) => string | undefined;
  /** a write has been tried on it: what it holds may be gone or changed */
  spent: boolean;
}

export async function makeWorld(): Promise<World> {
  const c = await orgWithCast();
  const lock = await createOrgLock(c.org.id);
  const gate = await createGate(c.org.id);
  for (const dev of [lock, gate]) await grantUser(dev.id, c.owner.id, AccessLevel.owner);
  const sensor = await createDoorSensor(lock);
  const share = await grantUser(lock.id, c.member.id, AccessLevel.guest);
  const group = await createGroup(c.org.id, `Fuzz ${randomUUID().slice(0, 6)}`, [c.ouIds.member]);
  const [pinId] = await insertPins(lock.id, [{ value: '902707', alias: 'Fuzz PIN' }]);
  const made = await api('POST', `/api/v37/organization/${c.org.id}/accesslink`, {
    key: c.owner.key,
    body: { name: 'Fuzz link', deviceIds: [gate.id, lock.id], repeatEvent: aWeek() },
  });
  if (made.status !== 201 && made.status !== 200)
    throw new Error(`fuzz world: link not made: ${made.status} ${made.text}`);
  const link = made.json.result as { id: string; url: string };
  const invitation = await openInvitation(c.org.id);
  const userHook = await createSubscription({ url: 'https://example.test/user-hook', userId: c.owner.id });
  const orgHook = await createSubscription({ url: 'https://example.test/org-hook', organizationId: c.org.id });
  const mobileId = await registerPhone(c.owner);
  const spareKey = await createKeyFor(c.owner.id, { scopes: ['Device.Read'], name: 'spare key' });

  const byName: Record<string, string> = {
    organizationId: String(c.org.id),
    deviceId: String(lock.id),
    accessId: String(share.id),
    accessLinkId: link.id,
    token: link.url.split('/link/')[1],
    groupId: String(group.id),
    invitationId: String(invitation.id),
    organizationUserId: String(c.ouIds.member),
    pinId: String(pinId),
  };
  const ids: [RegExp, string][] = [
    [/\/my\/lock\/\[id\]|\/sim\/(device|lock)\/\[id\]/, String(lock.id)],
    [/\/my\/gate\/\[id\]/, String(gate.id)],
    [/\/my\/doorsensor\/\[id\]/, String(sensor.id)],
    [/\/my\/mobile\/\[id\]/, String(mobileId)],
    [/\/my\/personalaccesskey\/\[id\]/, String(spareKey.id)],
    [/\/my\/webhook\/\[id\]/, userHook.id],
    [/\/organization\/\[organizationId\]\/webhook\/\[id\]/, orgHook.id],
  ];
  return {
    owner: c.owner,
    param: (pattern, name) => (name === 'id' ? ids.find(([re]) => re.test(pattern))?.[1] : byName[name]),
    spent: false,
  };
}
