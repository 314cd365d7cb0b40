import { describe, expect, it } from 'vitest';
import { AccessLevel, deviceActivity } from '@/db/schema';
import { addOrgUser, createUser, db, grantUser } from '../support/factories/core';
import { createOrgLock, orgWithCast } from '../support/factories/organization';
import { api } from '../support/router';

/**
 * Issue 34: a person's latest entries in their page are read from their own entries newest first, a
 * batch at a time, keeping those on the doors the viewer may see: on a big organization the one
 * plan for "theirs among 10,000 doors" ran past the statement timeout. Hundreds of newer entries on
 * a door the viewer does not see must neither hide the older ones on a door they do, nor show.
 */
const MINUTE = 60_000;

describe('a person’s latest activity, deeper than one batch', () => {
  it('shows a viewer the person’s entries on the viewer’s doors beneath 450 newer ones on a door they do not see', async () => {
    const c = await orgWithCast();
    const seen = await createOrgLock(c.org.id, { name: 'Seen door' });
    const hidden = await createOrgLock(c.org.id, { name: 'Hidden door' });
    for (const lock of [seen, hidden]) await grantUser(lock.id, c.owner.id, AccessLevel.owner);
    const viewer = await createUser();
    await addOrgUser(c.org.id, viewer.id, 1);
    await grantUser(seen.id, viewer.id, AccessLevel.administrator);
    const person = await createUser();
    await addOrgUser(c.org.id, person.id, 0);
    const start = Date.now() - 3 * 24 * 60 * MINUTE;
    const entry = (deviceId: number, at: number) => ({
      deviceId,
      userId: person.id,
      userNumId: person.numId,
      username: person.displayName,
      event: 32,
      source: 2,
      date: new Date(at),
    });
    const d = await db();
    // three old entries on the door the viewer sees, then 450 newer ones on the other door
    await d.insert(deviceActivity).values([0, 1, 2].map((i) => entry(seen.id, start + i * MINUTE)));
    await d
      .insert(deviceActivity)
      .values(Array.from({ length: 450 }, (_, i) => entry(hidden.id, start + (10 + i) * MINUTE)));

    const url = `/api/v37/organization/${c.org.id}/people/access?userId=${person.id}&includeManageableDoors=false`;
    const asViewer = await api('GET', url, { key: viewer.key });
    expect(asViewer.status).toBe(200);
    expect(asViewer.json.result.shown.activity).toBe(true);
    const theirs = asViewer.json.result.activity as { deviceId: number; date: string }[];
    expect(theirs.map((a) => a.deviceId)).toEqual([seen.id, seen.id, seen.id]);
    expect(theirs.map((a) => a.date)).toEqual([2, 1, 0].map((i) => new Date(start + i * MINUTE).toISOString()));

    // the owner sees both doors: the ten newest, all on the other door, newest first
    const asOwner = (await api('GET', url, { key: c.owner.key })).json.result.activity as {
      deviceId: number;
      date: string;
    }[];
    expect(asOwner).toHaveLength(10);
    expect(asOwner.every((a) => a.deviceId === hidden.id)).toBe(true);
    expect(asOwner[0].date).toBe(new Date(start + 459 * MINUTE).toISOString());
    expect(asOwner.map((a) => a.date)).toEqual([...asOwner.map((a) => a.date)].sort().reverse());
  });
});
