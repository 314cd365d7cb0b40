import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { AccessLevel } from '@/db/schema';
import { sharingCast } from '../support/factories/access';
import { createLock, createUser, grantUser } from '../support/factories/core';
import { api } from '../support/router';

/**
 * Issue 33: the audit log an owner can read. The list answers each entry's door by name and the zone
 * its times read in; the CSV export answers the same entries in the page's words, to the same
 * people (owner and administrators; members 403, anyone outside the organization 404).
 */
const HEADER = 'id,date_utc,local_time,time_zone,by,via,client_address,action,door,what,changes';

async function story() {
  const c = await sharingCast();
  const back = await createLock({
    bridge: c.bridge,
    organizationId: c.org.id,
    timeZone: 'America/New_York',
    name: 'Back door',
  });
  await grantUser(back.id, c.owner.id, AccessLevel.owner);
  const nina = await createUser();
  // Mon–Fri 08:00–17:00 at the front door (Warsaw, UTC+1 in November)
  const front = await api('POST', `/api/v37/my/device/${c.lock.id}/access`, {
    key: c.owner.key,
    clientAddress: '203.0.113.9',
    body: {
      principalType: 0,
      userEmail: nina.email,
      accessLevel: 0,
      remoteAccessDisabled: false,
      weekDays: 31,
      dayStartTime: '2026-11-26T07:00:00Z',
      dayEndTime: '2026-11-26T16:00:00Z',
    },
  });
  expect(front.status).toBeLessThan(300);
  // 22:00 to 06:00 at the back door (New York, UTC-5)
  const rear = await api('POST', `/api/v37/my/device/${back.id}/access`, {
    key: c.owner.key,
    body: {
      principalType: 0,
      userEmail: c.admin.email,
      accessLevel: 0,
      remoteAccessDisabled: true,
      dayStartTime: '2026-11-27T03:00:00Z',
      dayEndTime: '2026-11-27T11:00:00Z',
    },
  });
  expect(rear.status).toBeLessThan(300);
  return { ...c, back, nina };
}

/** One CSV line into its cells (quoted cells with commas and doubled quotes). */
function cellsOf(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted && ch === '"' && line[i + 1] === '"') {
      cur += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

const exportOf = (orgId: number, key: string, q = '') =>
  api('GET', `/api/v37/organization/${orgId}/audit/export${q}`, { key });

describe('GET /organization/{id}/audit: what the words need', () => {
  it('answers the door by name and the zone of its times; filters by door and by person', async () => {
    const c = await story();
    const all = (await api('GET', `/api/v37/organization/${c.org.id}/audit`, { key: c.owner.key })).json.result;
    expect(all).toHaveLength(2);
    expect(all[0]).toMatchObject({
      deviceId: c.back.id,
      device: { name: 'Back door', timeZone: 'America/New_York' },
      timeZone: 'America/New_York',
    });
    const byDoor = (
      await api('GET', `/api/v37/organization/${c.org.id}/audit?deviceId=${c.lock.id}`, { key: c.owner.key })
    ).json.result;
    expect(byDoor.map((e: any) => e.target.name)).toEqual([c.nina.email]);
    const byPerson = (
      await api(
        'GET',
        `/api/v37/organization/${c.org.id}/audit?person=${encodeURIComponent(c.nina.email.toUpperCase())}`,
        {
          key: c.owner.key,
        },
      )
    ).json.result;
    expect(byPerson.map((e: any) => e.deviceId)).toEqual([c.lock.id]);
    // the owner did both: as the one who acted, they are in both
    const byActor = (
      await api('GET', `/api/v37/organization/${c.org.id}/audit?person=${encodeURIComponent(c.owner.email)}`, {
        key: c.owner.key,
      })
    ).json.result;
    expect(byActor).toHaveLength(2);
  });
});

describe('GET /organization/{id}/audit/export', () => {
  it('streams the entries as CSV in words, times in each door’s zone, the exact columns', async () => {
    const c = await story();
    const res = await exportOf(c.org.id, c.owner.key);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-\d+-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(3);
    const [rear, front] = [cellsOf(lines[1]), cellsOf(lines[2])];
    expect(rear).toHaveLength(11);
    expect(rear[3]).toBe('America/New_York');
    expect(rear[8]).toBe('Back door');
    expect(rear[9]).toBe(
      `Shared Back door with ${c.admin.email} as guest, 22:00 to 06:00 next day America/New_York, opening only at the door`,
    );
    expect(front).toContain(
      `Shared ${c.lock.name} with ${c.nina.email} as guest, Mon–Fri 08:00–17:00 Europe/Warsaw, remote opening allowed`,
    );
    expect(front.slice(3, 8)).toEqual([
      'Europe/Warsaw',
      c.owner.displayName,
      'Access key',
      '203.0.113.9',
      'Shared a device',
    ]);
    // the local time is the UTC instant at the door
    expect(front[2]).toBe(DateTime.fromISO(front[1]).setZone('Europe/Warsaw').toFormat('yyyy-MM-dd HH:mm:ss'));
    expect(res.text).not.toMatch(/weekDays|accessLevel|dayStartTime/);
    // the same filters as the list
    const one = await exportOf(c.org.id, c.owner.key, `?deviceId=${c.back.id}`);
    expect(one.text.trim().split('\r\n')).toHaveLength(2);
    expect((await exportOf(c.org.id, c.owner.key, '?action=pin.create')).text.trim()).toBe(HEADER);
  });

  it('is for the owner and administrators: members 403, people outside the organization 404', async () => {
    const c = await story();
    expect((await exportOf(c.org.id, c.owner.key)).status).toBe(200);
    expect((await exportOf(c.org.id, c.admin.key)).status).toBe(200);
    const member = await exportOf(c.org.id, c.member.key);
    expect(member.status).toBe(403);
    expect(member.text).not.toContain(c.nina.email);
    // a guest of the organization's doors is no member of it; an outsider does not learn it exists
    for (const who of [c.guest, c.outsider]) {
      const r = await exportOf(c.org.id, who.key);
      expect(r.status).toBe(404);
      expect(r.text).not.toContain(c.nina.email);
    }
  });
});
