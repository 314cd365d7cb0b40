import { describe, expect, it } from 'vitest';
import { AccessLevel } from '@/db/schema';
import { addOrgUser, createGroup, createUser, grantGroup, grantUser } from '../support/factories/core';
import { createOrgLock, orgWithCast } from '../support/factories/organization';
import { insertPins } from '../support/factories/pins';
import { api } from '../support/router';

/**
 * A person's effective access to a door through several groups of the same level is the one that
 * gives more, whatever order the database returns the rows in: the one lasting longer, then the
 * one without a weekly schedule. Two groups made someone an administrator, one until tonight and
 * one for good; reading a PIN's value (which needs its power held until the PIN's end) answered
 * 200 or 403 by the rows' order (the property test, seed 711565169, on the Postgres leg).
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function twoGroups(order: 'tonight first' | 'for good first') {
  const c = await orgWithCast();
  const lock = await createOrgLock(c.org.id, { name: 'Front' });
  await grantUser(lock.id, c.owner.id, AccessLevel.owner);
  const person = await createUser();
  const ou = await addOrgUser(c.org.id, person.id, 0);
  const tonight = await createGroup(c.org.id, 'Evening staff', [ou]);
  const forGood = await createGroup(c.org.id, 'Caretakers', [ou]);
  const grants = {
    tonight: () => grantGroup(lock.id, tonight.id, AccessLevel.administrator, { endDate: new Date(Date.now() + HOUR) }),
    forGood: () => grantGroup(lock.id, forGood.id, AccessLevel.administrator),
  };
  if (order === 'tonight first') {
    await grants.tonight();
    await grants.forGood();
  } else {
    await grants.forGood();
    await grants.tonight();
  }
  const [pinId] = await insertPins(lock.id, [
    { value: '729104', alias: 'Cleaner', endDate: new Date(Date.now() + 30 * DAY) },
  ]);
  return { ...c, lock, person, pinId, tonight };
}

describe('the effective access among groups of the same level', () => {
  for (const order of ['tonight first', 'for good first'] as const)
    it(`is the one lasting longer, whatever the order of the rows (${order}): the PIN's value is read`, async () => {
      const c = await twoGroups(order);
      const r = await api('GET', `/api/v37/my/lock/${c.lock.id}/pin/${c.pinId}`, { key: c.person.key });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.json.result.pin).toBe('729104');
    });

  it('with only the access until tonight, the PIN (for a month) outlives it: its value is refused', async () => {
    const c = await orgWithCast();
    const lock = await createOrgLock(c.org.id, { name: 'Front' });
    const person = await createUser();
    const ou = await addOrgUser(c.org.id, person.id, 0);
    const group = await createGroup(c.org.id, 'Evening staff', [ou]);
    await grantGroup(lock.id, group.id, AccessLevel.administrator, { endDate: new Date(Date.now() + HOUR) });
    const [pinId] = await insertPins(lock.id, [
      { value: '729104', alias: 'Cleaner', endDate: new Date(Date.now() + 30 * DAY) },
    ]);
    const r = await api('GET', `/api/v37/my/lock/${lock.id}/pin/${pinId}`, { key: person.key });
    expect(r.status).toBe(403);
    expect(r.text).not.toContain('729104');
  });
});
