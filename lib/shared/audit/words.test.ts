import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditAction } from './actions';
import { type AuditItem, auditLine, auditWords } from './words';

const item = (over: Partial<AuditItem> & { action: AuditAction }): AuditItem => ({
  id: 1,
  date: '2026-11-26T15:04:00.000Z',
  actionName: AUDIT_ACTIONS[over.action],
  actor: { userId: 7, name: 'Adam Admin', via: 'portal' },
  clientAddress: null,
  deviceId: 11,
  device: { name: 'Front door', timeZone: 'Europe/Warsaw' },
  timeZone: 'Europe/Warsaw',
  names: { devices: { '11': 'Front door', '12': 'Back door' }, groups: { g1: 'Cleaners' } },
  target: { type: 'access', id: 'a1', name: 'nina@example.com' },
  before: null,
  after: null,
  ...over,
});

// Mon–Fri 08:00–17:00 in Warsaw in November (UTC+1), as the API stores it
const weekdays = {
  weekDays: 31,
  dayStartTime: '2026-11-26T07:00:00.000Z',
  dayEndTime: '2026-11-26T16:00:00.000Z',
  startDate: null,
  endDate: null,
};

/** No API field names, numbers or UTC instants leak into what a person reads. */
const raw =
  /weekDays|accessLevel|dayEndTime|dayStartTime|remoteAccessDisabled|autoLockDelay|\d{4}-\d{2}-\d{2}T|role \d|level \d|\{|undefined|null/;

describe('the audit log in words', () => {
  it('a share names the door, the person, the level, the hours in the door’s zone and remote opening', () => {
    const w = auditWords(
      item({ action: 'access.grant', after: { accessLevel: 0, remoteAccessDisabled: false, ...weekdays } }),
    );
    expect(w.text).toBe(
      'Shared Front door with nina@example.com as guest, Mon–Fri 08:00–17:00 Europe/Warsaw, remote opening allowed',
    );
    expect(w.text).not.toMatch(raw);
  });

  it('an invitation to an unregistered address, with an end, as administrator without remote opening', () => {
    const w = auditWords(
      item({
        action: 'access.grant',
        after: {
          accessLevel: 1,
          remoteAccessDisabled: true,
          weekDays: null,
          dayStartTime: null,
          dayEndTime: null,
          startDate: null,
          endDate: '2026-12-03T16:00:00.000Z',
          invited: true,
        },
      }),
    );
    expect(w.text).toBe(
      'Shared Front door with nina@example.com as administrator, until 3 Dec 2026, 17:00, opening only at the door (invitation sent)',
    );
  });

  it('a window past midnight reads as such, in the zone of the door (not the organization’s)', () => {
    const w = auditWords(
      item({
        action: 'access.grant',
        device: { name: 'Night gate', timeZone: 'America/New_York' },
        timeZone: 'America/New_York',
        target: { type: 'access', id: 'a2', name: 'group Cleaners' },
        // 22:00 to 06:00 in New York in November (UTC-5)
        after: {
          accessLevel: 0,
          weekDays: 96,
          dayStartTime: '2026-11-27T03:00:00.000Z',
          dayEndTime: '2026-11-27T11:00:00.000Z',
        },
      }),
    );
    expect(w.text).toBe(
      'Shared Night gate with group “Cleaners” as guest, Sat, Sun 22:00 to 06:00 next day America/New_York, remote opening allowed',
    );
  });

  it('a changed access lists each change in words; both ends of the window as one line', () => {
    const w = auditWords(
      item({
        action: 'access.update',
        before: { accessLevel: 0, remoteAccessDisabled: false, weekDays: null, dayStartTime: null, dayEndTime: null },
        after: {
          accessLevel: 1,
          remoteAccessDisabled: true,
          weekDays: 31,
          dayStartTime: weekdays.dayStartTime,
          dayEndTime: weekdays.dayEndTime,
        },
      }),
    );
    expect(w.text).toBe('Changed the access of nina@example.com to Front door');
    expect(w.changes).toEqual([
      'Level: guest → administrator',
      'Remote opening: allowed → only at the door',
      'Days: every day → Mon–Fri',
      'Hours: any time → 08:00–17:00 Europe/Warsaw',
    ]);
    expect(w.changes.join(' ')).not.toMatch(raw);
  });

  it('a revoke says what the person had', () => {
    expect(
      auditWords(
        item({ action: 'access.revoke', before: { accessLevel: 0, remoteAccessDisabled: false, ...weekdays } }),
      ).text,
    ).toBe('Removed the access of nina@example.com to Front door (was guest, Mon–Fri 08:00–17:00 Europe/Warsaw)');
  });

  it('lock settings with the Settings tab’s labels and units', () => {
    const w = auditWords(
      item({
        action: 'device.settings',
        target: { type: 'lock', id: '11', name: 'Front door' },
        before: { autoLockDelay: 30, autoLockEnabled: false, timeZone: 'Europe/Warsaw' },
        after: { autoLockDelay: 60, autoLockEnabled: true, timeZone: 'Europe/London' },
      }),
    );
    expect(w.text).toBe('Changed the settings of Front door');
    expect(w.changes).toEqual([
      'Auto lock after: 30 s → 60 s',
      'Auto lock: Off → On',
      'Time zone: Europe/Warsaw → Europe/London',
    ]);
  });

  it('PINs: added with their hours, changed (the code never shown), deleted', () => {
    expect(
      auditWords(
        item({
          action: 'pin.create',
          target: { type: 'pin', id: '5', name: 'Cleaner' },
          after: { alias: 'Cleaner', ...weekdays },
        }),
      ).text,
    ).toBe('Added PIN “Cleaner” on Front door, Mon–Fri 08:00–17:00 Europe/Warsaw');
    const u = auditWords(
      item({
        action: 'pin.update',
        target: { type: 'pin', id: '5', name: 'Cleaner' },
        before: { value: 'unchanged', endDate: null },
        after: { value: 'changed', endDate: '2026-12-24T17:00:00.000Z' },
      }),
    );
    expect(u.changes).toEqual(['Code: unchanged → changed', 'Ends: never → 24 Dec 2026, 18:00']);
    expect(
      auditWords(
        item({
          action: 'pin.delete',
          target: { type: 'pin', id: '5', name: 'Cleaner' },
          before: { alias: 'Cleaner', weekDays: null },
        }),
      ).text,
    ).toBe('Deleted PIN “Cleaner” on Front door (was any time)');
  });

  it('access links name their doors; the organization’s zone when no door is the entry’s', () => {
    const base = {
      deviceId: null,
      device: null,
      timeZone: 'Europe/Warsaw',
      target: { type: 'accessLink', id: 'l1', name: 'Courier' },
    };
    expect(
      auditWords(item({ ...base, action: 'link.create', after: { name: 'Courier', deviceIds: [11, 12], ...weekdays } }))
        .text,
    ).toBe('Created access link “Courier” for Front door and Back door, Mon–Fri 08:00–17:00 Europe/Warsaw');
    expect(
      auditWords(item({ ...base, action: 'link.update', before: { deviceIds: [11] }, after: { deviceIds: [11, 12] } }))
        .changes,
    ).toEqual(['Doors: Front door → Front door and Back door']);
    expect(auditWords(item({ ...base, action: 'link.delete', before: { deviceIds: [13] } })).text).toBe(
      'Deleted access link “Courier” (for a removed device (13))',
    );
    expect(auditWords(item({ ...base, action: 'link.send', after: { to: 'rider@example.com' } })).text).toBe(
      'Sent access link “Courier” to rider@example.com',
    );
  });

  it('roles and removals in words, never numbers', () => {
    const person = { deviceId: null, device: null, target: { type: 'person', id: '3', name: 'maria@example.com' } };
    expect(
      auditWords(
        item({ ...person, action: 'member.role', before: { role: 'member' }, after: { role: 'administrator' } }),
      ).text,
    ).toBe('Changed the role of maria@example.com from member to administrator');
    const removed = auditWords(
      item({ ...person, action: 'member.remove', before: { role: 2, deviceAccesses: 1, groups: 1, devices: 3 } }),
    );
    expect(removed.text).toBe(
      'Removed maria@example.com from the organization (was member; lost access to 3 devices; left 1 group)',
    );
    expect(removed.text).not.toMatch(raw);
    expect(
      auditWords(
        item({
          ...person,
          action: 'member.invite',
          target: { type: 'invitation', id: 'i', name: 'new@example.com' },
          after: { email: 'new@example.com', role: 1, groupIds: ['g1'] },
        }),
      ).text,
    ).toBe('Invited new@example.com to the organization as administrator, in group “Cleaners”');
  });

  it('sites: made, renamed or changed, devices moved in, deleted', () => {
    const site = { deviceId: null, device: null, target: { type: 'site', id: '3', name: 'North annex' } };
    expect(
      auditWords(item({ ...site, action: 'site.create', after: { name: 'North annex', timeZone: 'Europe/Warsaw' } }))
        .text,
    ).toBe('Created site “North annex” (Europe/Warsaw)');
    expect(
      auditWords(item({ ...site, action: 'site.update', before: { name: 'Annex' }, after: { name: 'North annex' } }))
        .text,
    ).toBe('Renamed site “Annex” to “North annex”');
    const zone = auditWords(
      item({
        ...site,
        action: 'site.update',
        before: { timeZone: 'UTC', address: null },
        after: { timeZone: 'Europe/Warsaw', address: 'Main St 1' },
      }),
    );
    expect(zone.text).toBe('Changed site “North annex”');
    expect(zone.changes).toEqual(['Time zone: UTC → Europe/Warsaw', 'Postal address: — → Main St 1']);
    expect(auditWords(item({ ...site, action: 'site.devices', after: { deviceIds: [11, 12] } })).text).toBe(
      'Moved Front door and Back door to site “North annex”',
    );
    expect(auditWords(item({ ...site, action: 'site.delete', before: { name: 'North annex' } })).text).toBe(
      'Deleted site “North annex”',
    );
  });

  it('groups, webhooks, security and grants that ended', () => {
    const org = { deviceId: null, device: null };
    expect(
      auditWords(
        item({
          ...org,
          action: 'group.members',
          target: { type: 'group', id: 'g1', name: 'Cleaners' },
          after: { added: ['a@x.test', 'b@x.test'] },
        }),
      ).text,
    ).toBe('Added a@x.test and b@x.test to group “Cleaners”');
    expect(
      auditWords(
        item({
          ...org,
          action: 'group.rename',
          target: { type: 'group', id: 'g1', name: 'Cleaning' },
          before: { name: 'Cleaners' },
          after: { name: 'Cleaning' },
        }),
      ).text,
    ).toBe('Renamed group “Cleaners” to “Cleaning”');
    expect(
      auditWords(
        item({
          ...org,
          action: 'org.security',
          before: { requireSecondFactor: false },
          after: { requireSecondFactor: true },
        }),
      ).text,
    ).toBe('Required a second factor of administrators and the owner');
    expect(
      auditWords(
        item({
          action: 'grant.end',
          target: { type: 'person', id: 'u', name: 'adam@example.com' },
          after: { grants: ['PIN Cleaner on device 11'], invitationsEnded: 1 },
        }),
      ).text,
    ).toBe(
      'Ended what adam@example.com had handed out beyond what they still hold: PIN Cleaner on Front door; 1 invitation they sent',
    );
  });

  it('every action reads as words, none as an API field or an instant in UTC', () => {
    const facts = {
      accessLevel: 2,
      remoteAccessDisabled: false,
      role: 0,
      ...weekdays,
      startDate: '2026-12-01T08:00:00.000Z',
    };
    for (const action of Object.keys(AUDIT_ACTIONS) as AuditAction[]) {
      const line = auditLine(item({ action, before: facts, after: facts }));
      expect(line, action).not.toMatch(raw);
      expect(line.length, action).toBeGreaterThan(10);
    }
  });
});
