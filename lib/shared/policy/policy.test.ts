import { describe, expect, it } from 'vitest';
import {
  afterWrongPin,
  certificateCovered,
  certificateUntil,
  decide,
  decideAccessChange,
  decideKeypad,
  decideLinkOpen,
  decideLinkWindow,
  decideLockdown,
  decideLockdownControl,
  mayBeExempted,
  mayReadLockdownDetails,
  actionKind,
  decideMembership,
  decideOrg,
  decidePeople,
  decidePersonFact,
  maySeePersonalKeys,
  decideSecondFactorRule,
  decideDeviceSecondFactor,
  decideSiteChange,
  DEVICE_ACTIONS,
  KEYPAD_FRESH,
  permissions,
  decideDelegation,
  decideGrantChange,
  decideZoneChange,
  grantStillHeld,
  narrows,
  pinPower,
  secondStepDue,
  type AccessFacts,
  type GrantPower,
  type Grantor,
} from './index';
import { linkScheduleWords, lockdownWords, refusalWords, scheduleWords } from './words';

const ZONE = 'Europe/Warsaw';
// Monday 23 Nov 2026, 10:00 in Warsaw (UTC+1)
const MON_10 = new Date('2026-11-23T09:00:00Z');
const SUN_22_10 = new Date('2026-11-29T21:10:00Z');
const at = (h: number, m = 0) => new Date(Date.UTC(2026, 0, 15, h - 1, m)); // a wall-clock time in Warsaw (winter)

const access = (over: Partial<AccessFacts> = {}): AccessFacts => ({
  accessLevel: 0,
  remoteAccessDisabled: false,
  timeZone: ZONE,
  startDate: null,
  endDate: null,
  dayStartTime: null,
  dayEndTime: null,
  weekDays: null,
  ...over,
});
const officeHours = { weekDays: 31, dayStartTime: at(8), dayEndTime: at(17) };

describe('decide: the device actions', () => {
  it('no access, or one outside its dates, sees nothing (404, ids cannot be probed)', () => {
    expect(decide('see', undefined, MON_10)).toEqual({ ok: false, reason: 'unseen' });
    expect(decide('open', access({ endDate: new Date('2026-11-01T00:00:00Z') }), MON_10)).toEqual({
      ok: false,
      reason: 'unseen',
    });
    expect(decide('see', access({ startDate: new Date('2026-12-01T00:00:00Z') }), MON_10)).toEqual({
      ok: false,
      reason: 'unseen',
    });
  });

  it('an access outside its weekly window still sees the device but opens and manages nothing', () => {
    const admin = access({ accessLevel: 1, ...officeHours });
    expect(decide('see', admin, SUN_22_10).ok).toBe(true);
    for (const a of [
      'open',
      'managePins',
      'readPinValue',
      'share',
      'manageDevice',
      'linkDevice',
      'holdCertificate',
      'receiveEvents',
      'seeAllActivity',
      'driveSimulator',
    ] as const) {
      expect(decide(a, admin, SUN_22_10), a).toEqual({ ok: false, reason: 'schedule' });
      expect(decide(a, admin, MON_10).ok, a).toBe(true);
    }
  });

  it('guests open, hold certificates and receive events while active; never manage', () => {
    const guest = access(officeHours);
    expect(permissions(guest, MON_10)).toEqual({
      see: true,
      open: true,
      managePins: false,
      readPinValue: false,
      share: false,
      manageDevice: false,
      linkDevice: false,
      holdCertificate: true,
      receiveEvents: true,
      seeAllActivity: false,
      driveSimulator: false,
    });
    expect(decide('managePins', guest, MON_10)).toEqual({ ok: false, reason: 'level' });
  });

  it('remote opening disabled: no remote open and nothing on a link, but the certificate for the door stays; owners always may', () => {
    const guest = access({ remoteAccessDisabled: true });
    expect(decide('open', guest, MON_10)).toEqual({ ok: false, reason: 'remote' });
    expect(decide('holdCertificate', guest, MON_10).ok).toBe(true);
    const admin = access({ accessLevel: 1, remoteAccessDisabled: true });
    expect(decide('linkDevice', admin, MON_10)).toEqual({ ok: false, reason: 'remote' });
    expect(decide('managePins', admin, MON_10).ok).toBe(true);
    expect(decide('open', access({ accessLevel: 2, remoteAccessDisabled: true }), MON_10).ok).toBe(true);
  });

  it('a window past midnight belongs to the day it starts on', () => {
    const night = access({ weekDays: 16, dayStartTime: at(22), dayEndTime: at(6) }); // Fridays 22:00-06:00
    expect(decide('open', night, new Date('2026-11-27T22:00:00Z')).ok).toBe(true); // Fri 23:00
    expect(decide('open', night, new Date('2026-11-28T04:00:00Z')).ok).toBe(true); // Sat 05:00
    expect(decide('open', night, new Date('2026-11-28T22:00:00Z')).ok).toBe(false); // Sat 23:00
  });
});

describe('refusals in words', () => {
  it('names the schedule in the door’s zone and the moment there', () => {
    const a = access(officeHours);
    expect(scheduleWords(a)).toBe('Mon–Fri 08:00–17:00 Warsaw time');
    expect(refusalWords('schedule', 'open', a, SUN_22_10, { device: 'Office', doing: 'unlock it' })).toBe(
      'Your access to Office is Mon–Fri 08:00–17:00 Warsaw time; it is Sunday 22:10 there, so you cannot unlock it now.',
    );
    // beside the viewer's hours (a door's page, a member's Home) the hours are not said twice
    expect(
      refusalWords('schedule', 'open', a, SUN_22_10, {
        device: 'Office',
        doing: 'open it from here',
        besideHours: true,
      }),
    ).toBe('Outside your hours: it is Sunday 22:10 at Office, so you cannot open it from here now.');
    expect(refusalWords('level', 'managePins', a, MON_10, { device: 'Office' })).toBe(
      'Only an owner or administrator of Office can manage its PINs.',
    );
    expect(refusalWords('remote', 'open', a, MON_10, { device: 'Storage room' })).toBe(
      'Remote opening is disabled for you on Storage room: you can open it only at the door.',
    );
  });
});

describe('the organization', () => {
  it('members see, administrators manage, only the owner makes permanent links; outsiders see nothing', () => {
    expect(decideOrg('see', 0).ok).toBe(true);
    expect(decideOrg('manageLinks', 0)).toEqual({ ok: false, reason: 'level' });
    expect(decideOrg('manageLinks', 1).ok).toBe(true);
    expect(decideOrg('sendLinks', 0)).toEqual({ ok: false, reason: 'level' });
    expect(decideOrg('sendLinks', 1).ok).toBe(true);
    expect(decideOrg('sendLinks', null)).toEqual({ ok: false, reason: 'unseen' });
    expect(decideOrg('permanentLink', 1)).toEqual({ ok: false, reason: 'level' });
    expect(decideOrg('permanentLink', 2).ok).toBe(true);
    expect(decideOrg('see', null)).toEqual({ ok: false, reason: 'unseen' });
  });

  it('a second factor required by the organization: administrators and the owner without one may only look', () => {
    const without = { required: true, has: false };
    for (const action of ['manageGroups', 'manageLinks', 'manageWebhooks'] as const) {
      expect(decideOrg(action, 1, without)).toEqual({ ok: false, reason: 'secondFactor' });
      expect(decideOrg(action, 2, without)).toEqual({ ok: false, reason: 'secondFactor' });
      expect(decideOrg(action, 1, { required: true, has: true }).ok).toBe(true);
      expect(decideOrg(action, 1, { required: false, has: false }).ok).toBe(true);
      // a member is refused for the role first, never told to add a factor that would not help
      expect(decideOrg(action, 0, without)).toEqual({ ok: false, reason: 'level' });
    }
    expect(decideOrg('permanentLink', 2, without)).toEqual({ ok: false, reason: 'secondFactor' });
    expect(decideOrg('manageSecurity', 2, without)).toEqual({ ok: false, reason: 'secondFactor' });
    expect(decideOrg('manageSecurity', 1, { required: true, has: true })).toEqual({ ok: false, reason: 'level' });
    // looking is never refused for it
    for (const role of [0, 1, 2]) expect(decideOrg('see', role, without).ok).toBe(true);
    expect(decideOrg('see', null, without)).toEqual({ ok: false, reason: 'unseen' });
  });

  it('a device of an organization that requires a second factor: managing it needs one, opening and seeing do not', () => {
    const without = { required: true, has: false };
    for (const action of [
      'managePins',
      'readPinValue',
      'share',
      'manageDevice',
      'linkDevice',
      'driveSimulator',
    ] as const) {
      expect(decideDeviceSecondFactor(action, without)).toEqual({ ok: false, reason: 'secondFactor' });
      expect(decideDeviceSecondFactor(action, { required: true, has: true }).ok).toBe(true);
      expect(decideDeviceSecondFactor(action, { required: false, has: false }).ok).toBe(true);
      expect(decideDeviceSecondFactor(action, undefined).ok).toBe(true); // a device of no organization
    }
    for (const action of ['see', 'open', 'holdCertificate', 'receiveEvents'] as const)
      expect(decideDeviceSecondFactor(action, without).ok).toBe(true);
  });

  it('the owner turns the rule on only with a second factor of their own; off always', () => {
    expect(decideSecondFactorRule(true, false)).toEqual({ ok: false, reason: 'secondFactor' });
    expect(decideSecondFactorRule(true, true).ok).toBe(true);
    expect(decideSecondFactorRule(false, false).ok).toBe(true);
  });

  it('nobody adds themselves to a group; leaving is fine', () => {
    expect(decideMembership('add', true)).toEqual({ ok: false, reason: 'self' });
    expect(decideMembership('add', false).ok).toBe(true);
    expect(decideMembership('remove', true).ok).toBe(true);
  });
});

describe("the organization's people", () => {
  const [M, A, O] = [0, 1, 2];
  const other = (role: number) => ({ role, self: false });
  const me = (role: number) => ({ role, self: true });
  const says = (
    verb: Parameters<typeof decidePeople>[0]['verb'],
    actor: number | null,
    target?: { role: number; self: boolean },
    role?: number,
  ) => ((d) => (d.ok ? 'ok' : d.reason))(decidePeople({ verb, actor, target, role }));

  it('only the owner makes or removes administrators, never of themselves or the owner', () => {
    expect(says('assignAdmin', O, other(M))).toBe('ok');
    expect(says('assignAdmin', A, other(M))).toBe('ownerOnly');
    expect(says('assignAdmin', M, other(M))).toBe('level');
    expect(says('assignAdmin', O, other(A))).toBe('notMember');
    expect(says('assignAdmin', O, me(O))).toBe('self');
    expect(says('removeAdmin', O, other(A))).toBe('ok');
    expect(says('removeAdmin', A, other(A))).toBe('ownerOnly');
    expect(says('removeAdmin', A, me(A))).toBe('ownerOnly');
    expect(says('removeAdmin', O, other(M))).toBe('notAdmin');
    expect(says('removeAdmin', O, me(O))).toBe('self');
  });

  it('ownership goes from the owner to an administrator only', () => {
    expect(says('transferOwnership', O, other(A))).toBe('ok');
    expect(says('transferOwnership', O, other(M))).toBe('notAdmin');
    expect(says('transferOwnership', O, me(O))).toBe('self');
    // an administrator cannot make themselves (or anyone) owner
    expect(says('transferOwnership', A, me(A))).toBe('ownerOnly');
    expect(says('transferOwnership', A, other(A))).toBe('ownerOnly');
    expect(says('transferOwnership', null, other(A))).toBe('unseen');
  });

  it('administrators remove members; only the owner removes administrators; nobody removes the owner', () => {
    expect(says('remove', A, other(M))).toBe('ok');
    expect(says('remove', O, other(M))).toBe('ok');
    expect(says('remove', O, other(A))).toBe('ok');
    expect(says('remove', A, other(A))).toBe('ownerOnly');
    expect(says('remove', A, other(O))).toBe('owner');
    expect(says('remove', M, other(M))).toBe('level');
    expect(says('remove', null, other(M))).toBe('unseen');
  });

  it('anyone leaves, except the owner before handing ownership over', () => {
    expect(says('remove', M, me(M))).toBe('ok');
    expect(says('remove', A, me(A))).toBe('ok');
    expect(says('remove', O, me(O))).toBe('ownerLeaving');
  });

  it('administrators invite members; only the owner invites administrators; nobody invites an owner', () => {
    expect(says('invite', A, undefined, M)).toBe('ok');
    expect(says('invite', A, undefined, A)).toBe('ownerOnly');
    expect(says('invite', O, undefined, A)).toBe('ok');
    expect(says('invite', O, undefined, O)).toBe('owner');
    expect(says('invite', M, undefined, M)).toBe('level');
    expect(says('manageInvitation', A, undefined, A)).toBe('ownerOnly');
  });

  it("names: an administrator renames members and themselves; the owner's name is the owner's", () => {
    expect(says('rename', A, other(M))).toBe('ok');
    expect(says('rename', A, me(A))).toBe('ok');
    expect(says('rename', A, other(A))).toBe('ownerOnly');
    expect(says('rename', O, other(A))).toBe('ok');
    expect(says('rename', A, other(O))).toBe('owner');
    expect(says('rename', O, me(O))).toBe('ok');
    expect(says('rename', M, me(M))).toBe('level');
  });
});

describe('changing who has access', () => {
  const admin = access({ accessLevel: 1 });
  const other = { principal: 'other' as const, isOwner: false };
  it('needs share now; never above one’s own level, never the owner’s', () => {
    expect(decideAccessChange(admin, MON_10, { verb: 'grant', target: other, level: 1 }).ok).toBe(true);
    expect(decideAccessChange(admin, MON_10, { verb: 'grant', target: other, level: 2 })).toEqual({
      ok: false,
      reason: 'aboveOwnLevel',
    });
    expect(decideAccessChange(access({ accessLevel: 2 }), MON_10, { verb: 'grant', target: other, level: 2 })).toEqual({
      ok: false,
      reason: 'ownerLevel',
    });
    expect(
      decideAccessChange(access({ accessLevel: 1, ...officeHours }), SUN_22_10, {
        verb: 'grant',
        target: other,
        level: 0,
      }),
    ).toEqual({ ok: false, reason: 'schedule' });
    expect(decideAccessChange(access(), MON_10, { verb: 'grant', target: other, level: 0 })).toEqual({
      ok: false,
      reason: 'level',
    });
  });

  it('nobody widens their own access: not their own record, not a group they are in; revoking only narrows', () => {
    expect(
      decideAccessChange(admin, MON_10, { verb: 'update', target: { principal: 'myGroup', isOwner: false } }),
    ).toEqual({ ok: false, reason: 'ownGroup' });
    expect(
      decideAccessChange(admin, MON_10, { verb: 'grant', target: { principal: 'myGroup', isOwner: false }, level: 0 }),
    ).toEqual({ ok: false, reason: 'ownGroup' });
    expect(
      decideAccessChange(admin, MON_10, { verb: 'update', target: { principal: 'self', isOwner: false } }),
    ).toEqual({ ok: false, reason: 'self' });
    expect(
      decideAccessChange(admin, MON_10, { verb: 'revoke', target: { principal: 'myGroup', isOwner: false } }).ok,
    ).toBe(true);
    expect(
      decideAccessChange(admin, MON_10, { verb: 'revoke', target: { principal: 'other', isOwner: true } }),
    ).toEqual({ ok: false, reason: 'ownerAccess' });
  });
});

describe('access links', () => {
  const d = (s: string) => new Date(s);
  const week = { startDate: d('2026-11-23T00:00:00Z'), endDate: d('2026-11-30T00:00:00Z') };
  it('a link without an end is for the organization owner only', () => {
    expect(decideLinkWindow({ startDate: null, endDate: null }, { setterRole: 1, creatorRole: 1 })).toEqual({
      ok: false,
      reason: 'permanentLink',
    });
    expect(decideLinkWindow({ startDate: null, endDate: null }, { setterRole: 2, creatorRole: 2 }).ok).toBe(true);
    expect(decideLinkWindow(week, { setterRole: 1, creatorRole: 1 }).ok).toBe(true);
  });

  it('anyone may narrow it; widening to no end needs both its creator and the one widening to be the owner', () => {
    const narrower = { startDate: d('2026-11-24T00:00:00Z'), endDate: d('2026-11-25T00:00:00Z') };
    expect(decideLinkWindow(narrower, { setterRole: 1, creatorRole: null }, week).ok).toBe(true);
    const forever = { startDate: null, endDate: null };
    expect(decideLinkWindow(narrower, { setterRole: 1, creatorRole: 1 }, forever).ok).toBe(true);
    expect(decideLinkWindow(forever, { setterRole: 2, creatorRole: 1 }, week)).toEqual({
      ok: false,
      reason: 'permanentLink',
    });
    expect(decideLinkWindow(forever, { setterRole: 1, creatorRole: 2 }, week)).toEqual({
      ok: false,
      reason: 'permanentLink',
    });
    expect(decideLinkWindow(forever, { setterRole: 2, creatorRole: 2 }, week).ok).toBe(true);
  });

  it('opens only within its repeat event at the door and while its grantor may open the device remotely now', () => {
    const always = { startDate: null, endDate: null, dayStartTime: null, dayEndTime: null, weekDays: null };
    const grantor = access({ accessLevel: 1, ...officeHours });
    expect(decideLinkOpen(always, ZONE, grantor, MON_10).ok).toBe(true);
    expect(decideLinkOpen(always, ZONE, grantor, SUN_22_10)).toEqual({ ok: false, reason: 'schedule' });
    expect(decideLinkOpen({ ...always, endDate: new Date('2026-11-01T00:00:00Z') }, ZONE, grantor, MON_10)).toEqual({
      ok: false,
      reason: 'linkSchedule',
    });
    expect(decideLinkOpen(always, ZONE, undefined, MON_10)).toEqual({ ok: false, reason: 'unseen' });
    expect(decideLinkOpen(always, ZONE, access({ accessLevel: 1, remoteAccessDisabled: true }), MON_10)).toEqual({
      ok: false,
      reason: 'remote',
    });
    // Mon-Fri 08:00-17:00 at the door: Saturday 10:00 is outside
    const office = { ...always, ...officeHours };
    expect(decideLinkOpen(office, ZONE, access({ accessLevel: 2 }), new Date('2026-11-28T09:00:00Z'))).toEqual({
      ok: false,
      reason: 'linkSchedule',
    });
    expect(decideLinkOpen(office, ZONE, access({ accessLevel: 2 }), MON_10).ok).toBe(true);
    expect(linkScheduleWords(office, ZONE, new Date('2026-11-28T09:00:00Z'), 'Office')).toBe(
      'This link opens Office Mon–Fri 08:00–17:00 Warsaw time; it is Saturday 10:00 there.',
    );
  });
});

describe('offline certificates', () => {
  const DAY = 86_400_000;
  it('only while active; ends with today’s window, the end date or the lifetime, whichever is first', () => {
    expect(certificateUntil(access(officeHours), SUN_22_10, 30 * DAY)).toBeNull();
    // Monday 10:00, office hours: until 17:00 Warsaw
    expect(certificateUntil(access(officeHours), MON_10, 30 * DAY)).toEqual(new Date('2026-11-23T16:00:00Z'));
    expect(certificateUntil(access(), MON_10, 30 * DAY)).toEqual(new Date(MON_10.getTime() + 30 * DAY));
    expect(certificateUntil(access({ endDate: new Date('2026-11-25T00:00:00Z') }), MON_10, 30 * DAY)).toEqual(
      new Date('2026-11-25T00:00:00Z'),
    );
    // whole weekdays Mon-Fri: until Saturday 00:00 Warsaw
    expect(certificateUntil(access({ weekDays: 31 }), MON_10, 30 * DAY)).toEqual(new Date('2026-11-27T23:00:00Z'));
    // a night window that began today ends tomorrow morning
    const night = access({ dayStartTime: at(22), dayEndTime: at(6) });
    expect(certificateUntil(night, new Date('2026-11-23T22:30:00Z'), 30 * DAY)).toEqual(
      new Date('2026-11-24T05:00:00Z'),
    );
  });

  it('a live certificate is covered only while the access still allows its level and its end', () => {
    const cert = { accessLevel: 1, expirationDate: new Date('2026-11-23T16:00:00Z') };
    expect(certificateCovered(cert, access({ accessLevel: 1, ...officeHours }), MON_10, 30 * DAY)).toBe(true);
    expect(certificateCovered(cert, access({ accessLevel: 0, ...officeHours }), MON_10, 30 * DAY)).toBe(false);
    expect(
      certificateCovered(
        cert,
        access({ accessLevel: 1, weekDays: 31, dayStartTime: at(8), dayEndTime: at(12) }),
        MON_10,
        30 * DAY,
      ),
    ).toBe(false);
    expect(certificateCovered(cert, undefined, MON_10, 30 * DAY)).toBe(false);
  });
});

describe('the keypad', () => {
  it('five wrong PINs in a row lock it for 60 s, doubling per run; locked, it ignores even the right PIN', () => {
    let s = { ...KEYPAD_FRESH, lockedOut: false };
    for (let i = 1; i <= 4; i++) {
      s = afterWrongPin(s, MON_10);
      expect(s.lockedOut).toBe(false);
    }
    s = afterWrongPin(s, MON_10);
    expect(s).toMatchObject({
      lockedOut: true,
      failures: 0,
      runs: 1,
      lockedUntil: new Date(MON_10.getTime() + 60_000),
    });
    const pin = access();
    expect(decideKeypad(s, pin, new Date(MON_10.getTime() + 59_000), ZONE)).toEqual({ ok: false, reason: 'lockedOut' });
    expect(decideKeypad(s, pin, new Date(MON_10.getTime() + 60_000), ZONE).ok).toBe(true);
    const later = new Date(MON_10.getTime() + 61_000);
    for (let i = 0; i < 5; i++) s = afterWrongPin(s, later);
    expect(s.lockedUntil).toEqual(new Date(later.getTime() + 120_000));
    expect(decideKeypad(KEYPAD_FRESH, null, MON_10, ZONE)).toEqual({ ok: false, reason: 'wrongPin' });
    expect(decideKeypad(KEYPAD_FRESH, access(officeHours), SUN_22_10, ZONE)).toEqual({
      ok: false,
      reason: 'pinOutsideTime',
    });
  });
});

describe('decideDelegation: nobody hands out more than they hold (issue 29)', () => {
  const until = (iso: string) => new Date(iso);
  const grant = (over: Partial<GrantPower> = {}): GrantPower => ({
    accessLevel: 0,
    remote: true,
    startDate: null,
    endDate: until('2026-12-01T00:00:00Z'),
    dayStartTime: null,
    dayEndTime: null,
    weekDays: null,
    ...over,
  });
  const admin = (over: Partial<AccessFacts> = {}): Grantor => ({
    access: access({ accessLevel: 1, ...over }),
    orgRole: 1,
    inOrganization: true,
  });

  it('the level, remote opening, an end, the dates, the weekdays and the hours each bound what is given', () => {
    expect(decideDelegation(admin(), grant(), MON_10)).toEqual({ ok: true });
    expect(decideDelegation(admin({ accessLevel: 0 }), grant({ accessLevel: 1 }), MON_10)).toMatchObject({
      reason: 'aboveOwnLevel',
    });
    expect(decideDelegation(admin({ remoteAccessDisabled: true }), grant(), MON_10)).toMatchObject({
      reason: 'remote',
    });
    // a PIN opens at the door: remote opening is not needed to give one
    expect(decideDelegation(admin({ remoteAccessDisabled: true }), pinPower(grant()), MON_10).ok).toBe(true);
    expect(decideDelegation(admin(), grant({ endDate: null }), MON_10)).toMatchObject({ reason: 'endless' });
    expect(decideDelegation({ ...admin(), orgRole: 2 }, grant({ endDate: null }), MON_10).ok).toBe(true);
    // a device of no organization: its owner gives without an end
    expect(
      decideDelegation(
        { access: access({ accessLevel: 2 }), orgRole: null, inOrganization: false },
        grant({ endDate: null }),
        MON_10,
      ).ok,
    ).toBe(true);
    expect(decideDelegation(admin({ endDate: until('2026-11-30T00:00:00Z') }), grant(), MON_10)).toMatchObject({
      reason: 'ownSchedule',
    });
    // office hours: a grant without them reaches beyond; one inside them, or narrower, does not
    const office = admin({ weekDays: 31, dayStartTime: at(8), dayEndTime: at(17) });
    expect(decideDelegation(office, grant(), MON_10)).toMatchObject({ reason: 'ownSchedule' });
    expect(decideDelegation(office, grant({ weekDays: 1, dayStartTime: at(9), dayEndTime: at(12) }), MON_10).ok).toBe(
      true,
    );
    expect(
      decideDelegation(office, grant({ weekDays: 65, dayStartTime: at(9), dayEndTime: at(12) }), MON_10),
    ).toMatchObject({
      reason: 'ownSchedule',
    });
    // a window past midnight is inside a whole-day access, not inside office hours
    expect(decideDelegation(admin(), grant({ dayStartTime: at(22), dayEndTime: at(6) }), MON_10).ok).toBe(true);
    expect(
      decideDelegation(office, grant({ weekDays: 1, dayStartTime: at(16), dayEndTime: at(18) }), MON_10),
    ).toMatchObject({
      reason: 'ownSchedule',
    });
    // held only while the giver's own access is active
    expect(
      decideDelegation(office, grant({ weekDays: 1, dayStartTime: at(9), dayEndTime: at(12) }), SUN_22_10),
    ).toMatchObject({
      reason: 'schedule',
    });
    expect(decideDelegation({ access: undefined, orgRole: 1, inOrganization: true }, grant(), MON_10)).toMatchObject({
      reason: 'unseen',
    });
  });

  it('narrowing needs no attenuation; widening, removing an end or reviving an ended grant does', () => {
    const prev = grant({ weekDays: 31, dayStartTime: at(8), dayEndTime: at(17) });
    expect(narrows(prev, grant({ weekDays: 1, dayStartTime: at(9), dayEndTime: at(12) }), ZONE, MON_10)).toBe(true);
    expect(narrows(prev, grant({ weekDays: 31 }), ZONE, MON_10)).toBe(false); // the hours removed
    expect(narrows(prev, { ...prev, endDate: null }, ZONE, MON_10)).toBe(false); // the end removed
    expect(narrows(prev, { ...prev, accessLevel: 1 }, ZONE, MON_10)).toBe(false);
    expect(narrows({ ...prev, remote: false }, prev, ZONE, MON_10)).toBe(false);
    const ended = { ...prev, endDate: until('2026-11-01T00:00:00Z') };
    expect(narrows(ended, { ...ended, endDate: until('2026-10-01T00:00:00Z') }, ZONE, MON_10)).toBe(false);
    expect(
      decideGrantChange(admin(), prev, grant({ weekDays: 1, dayStartTime: at(9), dayEndTime: at(12) }), MON_10),
    ).toEqual({
      ok: true,
      widens: false,
    });
    expect(decideGrantChange(admin({ remoteAccessDisabled: true }), prev, grant(), MON_10)).toMatchObject({
      ok: false,
      widens: true,
    });
  });

  it('what a grantor still holds is judged without their hours now (grantStillHeld), unlike handing out anew', () => {
    const office = admin({ weekDays: 31, dayStartTime: at(8), dayEndTime: at(17) });
    const inside = grant({ weekDays: 1, dayStartTime: at(9), dayEndTime: at(12) });
    expect(decideDelegation(office, inside, SUN_22_10).ok).toBe(false);
    expect(grantStillHeld(office, inside, SUN_22_10)).toBe(true);
    expect(grantStillHeld(office, grant(), SUN_22_10)).toBe(false);
  });

  it('a lock changes zone by its owner alone; people management is refused without the required factor, leaving is not', () => {
    expect(decideZoneChange(access({ accessLevel: 1 }))).toEqual({ ok: false, reason: 'ownerOnly' });
    expect(decideZoneChange(access({ accessLevel: 2 })).ok).toBe(true);
    const factor = { required: true, has: false };
    expect(decidePeople({ verb: 'invite', actor: 1, role: 0, factor })).toEqual({ ok: false, reason: 'secondFactor' });
    expect(decidePeople({ verb: 'rename', actor: 1, target: { role: 0, self: false }, factor })).toEqual({
      ok: false,
      reason: 'secondFactor',
    });
    expect(decidePeople({ verb: 'remove', actor: 1, target: { role: 1, self: true }, factor }).ok).toBe(true);
    expect(decidePeople({ verb: 'invite', actor: 1, role: 0, factor: { required: true, has: true } }).ok).toBe(true);
  });

  it('second-factor guesses: 5 free, then 1, 2, 4, 8, 16 s, and from the 10th a lock of 15 minutes', () => {
    const t = new Date('2026-11-23T09:00:00Z');
    expect(secondStepDue(4, t)).toBeNull();
    expect([5, 6, 7, 8, 9].map((n) => (secondStepDue(n, t)!.getTime() - t.getTime()) / 1000)).toEqual([1, 2, 4, 8, 16]);
    expect(secondStepDue(10, t)!.getTime() - t.getTime()).toBe(15 * 60_000);
    expect(secondStepDue(11, t)!.getTime() - t.getTime()).toBe(15 * 60_000);
  });
});

describe('what a person page shows of someone (decidePersonFact)', () => {
  const admin = access({ accessLevel: 1, ...officeHours });
  const guest = access({ accessLevel: 0 });
  it("of others, an administrator active now sees every part; a guest none; outside the administrator's hours none", () => {
    for (const fact of ['doors', 'pins', 'phones', 'activity'] as const) {
      expect(decidePersonFact(fact, admin, MON_10, false)).toEqual({ ok: true });
      expect(decidePersonFact(fact, guest, MON_10, false)).toEqual({ ok: false, reason: 'level' });
      expect(decidePersonFact(fact, admin, SUN_22_10, false)).toEqual({ ok: false, reason: 'schedule' });
      expect(decidePersonFact(fact, undefined, MON_10, false)).toEqual({ ok: false, reason: 'unseen' });
    }
  });
  it('of oneself: one’s own phones and activity on any door one sees; PINs and doors as for others', () => {
    expect(decidePersonFact('activity', guest, MON_10, true)).toEqual({ ok: true });
    expect(decidePersonFact('phones', guest, MON_10, true)).toEqual({ ok: true });
    expect(decidePersonFact('pins', guest, MON_10, true)).toEqual({ ok: false, reason: 'level' });
    expect(decidePersonFact('activity', undefined, MON_10, true)).toEqual({ ok: false, reason: 'unseen' });
  });
  it('personal access keys: only the person', () => {
    expect(maySeePersonalKeys(true)).toBe(true);
    expect(maySeePersonalKeys(false)).toBe(false);
  });
});

describe('an administration limited to some sites (issue 35)', () => {
  const outside = (over: Partial<AccessFacts> = {}) => access({ accessLevel: 1, outsideSites: true, ...over });

  it('on a device outside their sites: sees, opens, holds an offline key and receives events; manages nothing', () => {
    const allowed = DEVICE_ACTIONS.filter((a) => decide(a, outside(), MON_10).ok);
    expect(allowed).toEqual(['see', 'open', 'holdCertificate', 'receiveEvents']);
    expect(decide('managePins', outside(), MON_10)).toEqual({ ok: false, reason: 'site' });
    // even the device's owner level does not reach past the limit
    expect(decide('share', outside({ accessLevel: 2 }), MON_10)).toEqual({ ok: false, reason: 'site' });
    // inside their sites nothing changes
    expect(decide('managePins', outside({ outsideSites: false }), MON_10)).toEqual({ ok: true });
    expect(refusalWords('site', 'managePins', outside(), MON_10, { device: 'Home door' })).toBe(
      'Your administration in this organization is limited to some of its sites, and Home door is in another one, so you cannot manage its PINs.',
    );
  });

  it('hands nothing of such a device out, and what they gave there is no longer held', () => {
    const g: Grantor = { access: outside(), orgRole: 1, inOrganization: true };
    const pin = pinPower({
      startDate: null,
      endDate: new Date('2026-12-01T00:00:00Z'),
      dayStartTime: null,
      dayEndTime: null,
      weekDays: null,
    });
    expect(decideDelegation(g, pin, MON_10)).toEqual({ ok: false, reason: 'site' });
    expect(grantStillHeld(g, pin, MON_10)).toBe(false);
    expect(grantStillHeld({ ...g, access: outside({ outsideSites: false }) }, pin, MON_10)).toBe(true);
  });

  it('organization-wide actions are refused to a limited administrator, not to the owner or the unlimited', () => {
    for (const a of ['manageWebhooks', 'seeAudit', 'manageBridges'] as const) {
      expect(decideOrg(a, 1, undefined, [3])).toEqual({ ok: false, reason: 'site' });
      expect(decideOrg(a, 1, undefined, null)).toEqual({ ok: true });
      expect(decideOrg(a, 2, undefined, [])).toEqual({ ok: true });
    }
    expect(decideOrg('manageGroups', 1, undefined, [3])).toEqual({ ok: true });
    expect(decideOrg('see', 0, undefined, [])).toEqual({ ok: true });
  });

  it('sites: a limited administrator creates none and changes or moves between their own only', () => {
    expect(decideSiteChange(null, 'create')).toEqual({ ok: true });
    expect(decideSiteChange([1, 2], 'create')).toEqual({ ok: false, reason: 'site' });
    expect(decideSiteChange([1, 2], 'change', [2])).toEqual({ ok: true });
    expect(decideSiteChange([1, 2], 'change', [3])).toEqual({ ok: false, reason: 'site' });
    expect(decideSiteChange([1, 2], 'move', [1, 2, 2])).toEqual({ ok: true });
    expect(decideSiteChange([1, 2], 'move', [1, 3])).toEqual({ ok: false, reason: 'site' });
    // a device in no site is outside every limit
    expect(decideSiteChange([1], 'move', [1, null])).toEqual({ ok: false, reason: 'site' });
    expect(decideSiteChange([], 'change', [1])).toEqual({ ok: false, reason: 'site' });
  });

  it('only the owner limits anyone, never the owner, never themselves', () => {
    const act = (actor: number, role: number, self = false) =>
      decidePeople({ verb: 'limitSites', actor, target: { role, self } });
    expect(act(2, 1)).toEqual({ ok: true });
    expect(act(2, 0)).toEqual({ ok: true });
    expect(act(1, 0)).toEqual({ ok: false, reason: 'ownerOnly' });
    expect(act(0, 1)).toEqual({ ok: false, reason: 'level' });
    expect(act(2, 2, true)).toEqual({ ok: false, reason: 'self' });
  });
});

describe('lockdown (issue 35)', () => {
  const held = { reason: 'Gas leak', siteName: 'Residence', startedAt: MON_10, exemptUserIds: ['adm-1'] };

  it('refuses every opener but the owner and the administrators it names; nothing when none holds', () => {
    expect(decideLockdown(null, 'link')).toEqual({ ok: true });
    expect(decideLockdown(undefined, { userId: 'x', orgRole: 0 })).toEqual({ ok: true });
    const no = { ok: false, reason: 'lockdown' };
    for (const who of ['link', 'keypad', 'timetable'] as const) expect(decideLockdown(held, who)).toEqual(no);
    expect(decideLockdown(held, { userId: 'own', orgRole: 2 })).toEqual({ ok: true });
    expect(decideLockdown(held, { userId: 'adm-1', orgRole: 1 })).toEqual({ ok: true });
    expect(decideLockdown(held, { userId: 'adm-2', orgRole: 1 })).toEqual(no);
    // named, but no longer an administrator (demoted, or gone): refused
    expect(decideLockdown(held, { userId: 'adm-1', orgRole: 0 })).toEqual(no);
    expect(decideLockdown(held, { userId: 'adm-1', orgRole: null })).toEqual(no);
    expect(decideLockdown(held, { userId: 'mem', orgRole: 0 })).toEqual(no);
  });

  it('a site: its owner or an administrator reaching it; the whole organization: the owner alone', () => {
    expect(decideLockdownControl(null, null, 1)).toEqual({ ok: false, reason: 'unseen' });
    expect(decideLockdownControl(0, null, 1)).toEqual({ ok: false, reason: 'level' });
    expect(decideLockdownControl(1, null, 1)).toEqual({ ok: true });
    expect(decideLockdownControl(1, [1, 2], 2)).toEqual({ ok: true });
    expect(decideLockdownControl(1, [1], 2)).toEqual({ ok: false, reason: 'site' });
    expect(decideLockdownControl(1, null, null)).toEqual({ ok: false, reason: 'ownerOnly' });
    expect(decideLockdownControl(2, null, null)).toEqual({ ok: true });
    expect(decideLockdownControl(2, [], 3)).toEqual({ ok: true });
    expect([0, 1, 2, null].map(mayBeExempted)).toEqual([false, true, false, false]);
    // the names of its doors and exempt people: the scope's administration only
    expect(mayReadLockdownDetails(0, null, 1)).toBe(false);
    expect(mayReadLockdownDetails(1, null, 1)).toBe(true);
    expect(mayReadLockdownDetails(1, [2], 1)).toBe(false);
    expect(mayReadLockdownDetails(1, null, null)).toBe(true);
    expect(mayReadLockdownDetails(1, [1], null)).toBe(false);
    expect(mayReadLockdownDetails(2, [], null)).toBe(true);
  });

  it("says where, since when in the door's zone, and why", () => {
    expect(lockdownWords(held, ZONE)).toBe(
      'Residence is locked down since 23 Nov 10:00 (Warsaw time). Reason: Gas leak. No door of it opens until the lockdown is lifted.',
    );
    expect(lockdownWords({ ...held, siteName: null, reason: 'Storm!' }, 'America/New_York', 'Acme')).toBe(
      'Acme is locked down since 23 Nov 04:00 (New York time). Reason: Storm! No door of it opens until the lockdown is lifted.',
    );
  });
});

describe('actionKind: what the SQL shortcut of big lists may assume of an action (lib/domain/access/effective.ts)', () => {
  it('managing actions and those from afar, as decide treats them', () => {
    expect(actionKind('seeAllActivity')).toEqual({ managing: true, fromAfar: false });
    expect(actionKind('share')).toEqual({ managing: true, fromAfar: false });
    expect(actionKind('linkDevice')).toEqual({ managing: true, fromAfar: true });
    expect(actionKind('open')).toEqual({ managing: false, fromAfar: true });
    expect(actionKind('see')).toEqual({ managing: false, fromAfar: false });
    // what the shortcut settles as allowed: an active administrator's own access in their sites,
    // remote opening on for an action from afar; the policy agrees
    const plain = {
      accessLevel: 1,
      remoteAccessDisabled: false,
      timeZone: 'Europe/Warsaw',
      startDate: null,
      endDate: null,
      dayStartTime: null,
      dayEndTime: null,
      weekDays: null,
      outsideSites: false,
    };
    for (const action of ['seeAllActivity', 'share', 'linkDevice'] as const)
      expect(decide(action, plain, new Date()), action).toEqual({ ok: true });
    expect(decide('linkDevice', { ...plain, remoteAccessDisabled: true }, new Date()).ok).toBe(false);
    expect(decide('linkDevice', { ...plain, accessLevel: 2, remoteAccessDisabled: true }, new Date()).ok).toBe(true);
  });
});
