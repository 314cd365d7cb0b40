import { activeUntil, isActiveAt, scheduleWithin, withinDates, type Schedule } from '../schedule';

/**
 * The door policy: who may open, manage or learn about a device, at an instant. Pure and small:
 * the caller's effective access to the device (lib/domain/access/effective.ts: a direct access
 * wins, else the best of the caller's groups) and their organization role go in, a decision comes
 * out. Every route, page, worker and the simulator ask here (through ./enforce.ts); none states a
 * rule of its own. docs/security.md has the table of these rules and the tests that prove them.
 */

export const Level = { guest: 0, administrator: 1, owner: 2, none: 3 } as const;
export const OrgRole = { member: 0, administrator: 1, owner: 2 } as const;

/** What the policy needs of an access: level, remote flag and schedule, judged in the device's zone. */
export interface AccessFacts extends Schedule {
  accessLevel: number;
  remoteAccessDisabled: boolean;
  timeZone: string;
  /**
   * The caller's administration is limited to some sites of the device's organization (issue 35)
   * and the device is in none of them: they may still see and open it as their access says, but
   * manage nothing on it and hand nothing of it out.
   */
  outsideSites?: boolean;
}

export type DeviceAction =
  /** know the device exists: any access within its dates (otherwise 404, so ids cannot be probed) */
  | 'see'
  /** unlock, lock, pull or open a gate from afar (the API, the portal, an access link it grants) */
  | 'open'
  /** list, create, change and delete the lock's PINs */
  | 'managePins'
  /** read a PIN's value */
  | 'readPinValue'
  /** grant, change and revoke accesses; see every access on the device */
  | 'share'
  /** change the device: settings, gate synchronization */
  | 'manageDevice'
  /** put the device on an organization access link */
  | 'linkDevice'
  /** hold an offline (Bluetooth) certificate for the device */
  | 'holdCertificate'
  /** receive the device's webhooks and real-time events */
  | 'receiveEvents'
  /** read everyone's activity on the device (otherwise only one's own and entries without an author) */
  | 'seeAllActivity'
  /** drive the simulated hardware (press the knob, arm a fault, type at the keypad) */
  | 'driveSimulator';

export type Refusal =
  | 'unseen' // no access within its dates: 404
  | 'level' // below administrator for a managing action
  | 'schedule' // outside the access's weekdays or daily window right now
  | 'remote' // remote opening disabled for this access
  | 'site'; // a managing action on a device outside the sites the caller's administration is limited to

export type Decision<R extends string = Refusal> = { ok: true } | { ok: false; reason: R };

const OK = { ok: true } as const;
const no = (reason: Refusal): Decision => ({ ok: false, reason });

/** Managing actions: owner or administrator, with the access active right now. */
const MANAGING: ReadonlySet<DeviceAction> = new Set([
  'managePins',
  'readPinValue',
  'share',
  'manageDevice',
  'driveSimulator',
  'seeAllActivity',
  'linkDevice',
]);
/** Actions that need the access active right now, whatever the level. */
const TIMED: ReadonlySet<DeviceAction> = new Set(['open', 'holdCertificate', 'receiveEvents']);
/** Actions that happen from afar: refused where remote opening is disabled (owners always may). */
const REMOTE: ReadonlySet<DeviceAction> = new Set(['open', 'linkDevice']);

/**
 * How `decide` treats an action, for the reads that settle its plain case in SQL
 * (lib/domain/access/effective.ts, `visibleMay`): a managing action (administrator or owner, active
 * now, in the caller's sites), and one done from afar (remote opening allowed, or the owner).
 */
export const actionKind = (action: DeviceAction) => ({ managing: MANAGING.has(action), fromAfar: REMOTE.has(action) });

/** Within its weekdays and daily window (and dates) at `now`, in the device's zone. */
export const isActive = (a: AccessFacts, now: Date) => isActiveAt(a, now, a.timeZone);

/** May a caller with this effective access (undefined: none) do `action` on the device at `now`? */
export function decide(action: DeviceAction, a: AccessFacts | undefined, now: Date): Decision {
  if (!a || !withinDates(a, now)) return no('unseen');
  if (action === 'see') return OK;
  if (MANAGING.has(action) && a.accessLevel < Level.administrator) return no('level');
  if (MANAGING.has(action) && a.outsideSites) return no('site');
  if ((MANAGING.has(action) || TIMED.has(action)) && !isActive(a, now)) return no('schedule');
  if (REMOTE.has(action) && a.remoteAccessDisabled && a.accessLevel < Level.owner) return no('remote');
  return OK;
}

export const may = (action: DeviceAction, a: AccessFacts | undefined, now: Date) => decide(action, a, now).ok;

/** Every device action with its answer, for pages that show or hide controls. */
export function permissions(a: AccessFacts | undefined, now: Date): Record<DeviceAction, boolean> {
  const out = {} as Record<DeviceAction, boolean>;
  for (const action of DEVICE_ACTIONS) out[action] = may(action, a, now);
  return out;
}

export const DEVICE_ACTIONS: readonly DeviceAction[] = [
  'see',
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
];

// ---- the organization ------------------------------------------------------------------------

export type OrgAction =
  /** see the organization, its groups and their members */
  | 'see'
  /** create, rename and delete groups; add and remove their members */
  | 'manageGroups'
  /** create, change and delete sites (buildings) and move devices between them: the groups' rule (issue 35) */
  | 'manageSites'
  /** read and manage access links (a link's URL opens doors, so reading is managing) */
  | 'manageLinks'
  /** send a link's URL by e-mail from the service (the mail says who sent it) */
  | 'sendLinks'
  /** an access link without an end date */
  | 'permanentLink'
  /** the organization's webhooks */
  | 'manageWebhooks'
  /** the audit log of administrative actions (who shared, revoked, changed what) */
  | 'seeAudit'
  /** the organization's security rules (a second factor required of administrators) */
  | 'manageSecurity'
  /** add a bridge (its address and API token) with its locks, or remove one (docs/devices.md) */
  | 'manageBridges';

const ORG_MIN: Record<OrgAction, number> = {
  see: OrgRole.member,
  manageGroups: OrgRole.administrator,
  manageSites: OrgRole.administrator,
  manageLinks: OrgRole.administrator,
  sendLinks: OrgRole.administrator,
  permanentLink: OrgRole.owner,
  manageWebhooks: OrgRole.administrator,
  seeAudit: OrgRole.administrator,
  manageSecurity: OrgRole.owner,
  manageBridges: OrgRole.administrator,
};

/** The organization's second-factor rule and whether the caller's account has a second factor. */
export interface SecondFactorFacts {
  /** the owner asked that administrators (and the owner) manage only with a second factor */
  required: boolean;
  /** the caller has a confirmed TOTP app or a passkey (so no session of theirs began with a password alone) */
  has: boolean;
}

export type OrgRefusal = Refusal | 'secondFactor';

/**
 * Actions whose reach is the whole organization (every device's events, every entry of the audit
 * log, bridges that bring devices into no chosen site): not for an administrator limited to sites.
 */
const WHOLE_ORGANIZATION: ReadonlySet<OrgAction> = new Set(['manageWebhooks', 'seeAudit', 'manageBridges']);

/**
 * `role`: the caller's role in the organization, null when not a member (404). Where the
 * organization requires a second factor, every action beyond seeing it is refused to an
 * administrator or owner whose account has none (`secondFactor`): they must add one first.
 * `siteIds`: the sites the caller's administration is limited to (null or absent: all of them).
 */
export function decideOrg(
  action: OrgAction,
  role: number | null,
  factor?: SecondFactorFacts,
  siteIds?: readonly number[] | null,
): Decision<OrgRefusal> {
  if (role === null) return no('unseen');
  if (role < ORG_MIN[action]) return no('level');
  if (action !== 'see' && role >= OrgRole.administrator && factor?.required && !factor.has)
    return { ok: false, reason: 'secondFactor' };
  if (siteIds != null && role < OrgRole.owner && WHOLE_ORGANIZATION.has(action)) return no('site');
  return OK;
}

/**
 * Sites themselves (issue 35), for whoever may `manageSites`: an administrator limited to some
 * sites (`limit`) changes, deletes and moves devices between those sites only (`touched`: the
 * site changed, or the target site and every moved device's current site), and creates none (a
 * new site would be outside their limit). `limit` null: the whole organization.
 */
export function decideSiteChange(
  limit: readonly number[] | null,
  verb: 'create' | 'change' | 'move',
  touched: ReadonlyArray<number | null> = [],
): Decision<'site'> {
  if (limit === null) return OK;
  if (verb === 'create') return { ok: false, reason: 'site' };
  return touched.every((id) => id !== null && limit.includes(id)) ? OK : { ok: false, reason: 'site' };
}

/**
 * A managing action on a device of an organization that requires a second factor (`factor`
 * undefined: a device of no organization) is refused to a caller whose account has none, whatever
 * their level on the device: opening and seeing are not managing.
 */
export function decideDeviceSecondFactor(
  action: DeviceAction,
  factor: SecondFactorFacts | undefined,
): Decision<'secondFactor'> {
  return MANAGING.has(action) && factor?.required && !factor.has ? { ok: false, reason: 'secondFactor' } : OK;
}

export const isManagingAction = (action: DeviceAction) => MANAGING.has(action);

/**
 * The owner turns the rule on only with a second factor of their own (else their next managing
 * action would be refused); turning it off is always allowed to the owner.
 */
export function decideSecondFactorRule(required: boolean, ownerHasFactor: boolean): Decision<'secondFactor'> {
  return required && !ownerHasFactor ? { ok: false, reason: 'secondFactor' } : OK;
}

/**
 * Group membership: administrators add and remove members, but nobody adds themselves, since the
 * group's device accesses would then widen their own. Leaving only narrows and is allowed.
 */
export function decideMembership(verb: 'add' | 'remove', self: boolean): Decision<'self'> {
  return verb === 'add' && self ? { ok: false, reason: 'self' } : OK;
}

// ---- the organization's people -------------------------------------------------------------------

export type PeopleVerb =
  /** invite someone by e-mail with a role (member or administrator) */
  | 'invite'
  /** withdraw or resend an invitation of this role */
  | 'manageInvitation'
  /** make a member an administrator */
  | 'assignAdmin'
  /** make an administrator a member */
  | 'removeAdmin'
  /** take a person out of the organization (their own id: leaving) */
  | 'remove'
  /** hand ownership to an administrator (the owner becomes an administrator) */
  | 'transferOwnership'
  /** change the name the organization shows for a person */
  | 'rename'
  /** limit (or widen, or lift) the sites a person's administration reaches (issue 35) */
  | 'limitSites';

export type PeopleRefusal =
  | 'unseen' // the actor is not in the organization: 404
  | 'level' // a member acting on others, or an administrator where only the owner may
  | 'ownerOnly' // only the owner makes, removes or invites administrators, and transfers ownership
  | 'owner' // the owner cannot be removed, demoted or renamed by others
  | 'ownerLeaving' // the owner leaves only after handing ownership over
  | 'self' // one's own role is not one's own to change
  | 'notAdmin' // ownership goes to an administrator; removeAdmin needs one
  | 'notMember' // assignAdmin needs a member
  | 'secondFactor'; // the organization requires a second factor the actor has not set up

export interface PeopleAct {
  verb: PeopleVerb;
  /** the organization's second-factor rule and the actor's factors (leaving is never refused for it) */
  factor?: SecondFactorFacts;
  /** the actor's role; null when not in the organization */
  actor: number | null;
  /** the person acted on (not for invite): their role, and whether it is the actor */
  target?: { role: number; self: boolean };
  /** invite, manageInvitation: the role the invitation gives */
  role?: number;
}

/**
 * The organization's people (Tedee's organization users). There is always exactly one owner, who
 * alone makes or removes administrators, invites administrators and hands ownership over (to an
 * administrator). Administrators invite members and remove members; nobody but the owner removes
 * an administrator, and nobody removes the owner. Anyone may leave, except the owner, who hands
 * ownership over first. Nobody changes their own role.
 */
export function decidePeople(a: PeopleAct): Decision<PeopleRefusal> {
  const no = (reason: PeopleRefusal): Decision<PeopleRefusal> => ({ ok: false, reason });
  if (a.actor === null) return no('unseen');
  const t = a.target;
  if (a.verb === 'remove' && t?.self) return t.role >= OrgRole.owner ? no('ownerLeaving') : OK;
  if (a.actor < OrgRole.administrator) return no('level');
  // managing people is administrative: the organization's second-factor rule covers it
  if (a.factor?.required && !a.factor.has) return no('secondFactor');
  switch (a.verb) {
    case 'invite':
    case 'manageInvitation':
      if ((a.role ?? OrgRole.member) >= OrgRole.owner) return no('owner');
      return (a.role ?? OrgRole.member) >= OrgRole.administrator && a.actor < OrgRole.owner ? no('ownerOnly') : OK;
    case 'rename':
      if (t!.role >= OrgRole.owner && !t!.self) return no('owner');
      return t!.role >= OrgRole.administrator && !t!.self && a.actor < OrgRole.owner ? no('ownerOnly') : OK;
    case 'remove':
      if (t!.role >= OrgRole.owner) return no('owner');
      return t!.role >= OrgRole.administrator && a.actor < OrgRole.owner ? no('ownerOnly') : OK;
  }
  // assignAdmin, removeAdmin, transferOwnership: the owner's alone
  if (a.actor < OrgRole.owner) return no('ownerOnly');
  if (t!.self) return no('self');
  if (a.verb === 'assignAdmin')
    return t!.role === OrgRole.member ? OK : t!.role >= OrgRole.owner ? no('owner') : no('notMember');
  // any member may be limited (a member can administer doors by their accesses); the owner never is
  if (a.verb === 'limitSites') return t!.role >= OrgRole.owner ? no('owner') : OK;
  if (t!.role >= OrgRole.owner) return no('owner');
  return t!.role === OrgRole.administrator ? OK : no('notAdmin');
}

// ---- what of another person a caller sees (the person page, issue 33) ------------------------------

export type PersonFact =
  /** their accesses to the door, direct, through groups, invitations */
  | 'doors'
  /** the PINs they made on the door (alias, window, state; never a value) */
  | 'pins'
  /** their phones' offline certificates for the door (phone, expiry, state) */
  | 'phones'
  /** their entries in the door's activity log */
  | 'activity';

/** The device action each fact of a person on a door stands behind: who may do it sees it of others. */
const PERSON_FACT_ACTION: Record<PersonFact, DeviceAction> = {
  doors: 'share',
  pins: 'managePins',
  phones: 'share',
  activity: 'seeAllActivity',
};

/** Every action decidePersonFact asks about (a read that judges a person page's doors once names them). */
export const PERSON_FACT_ACTIONS: readonly DeviceAction[] = [
  ...new Set<DeviceAction>([...Object.values(PERSON_FACT_ACTION), 'see']),
];

/**
 * May a caller with this effective access to a door see this fact of a person on it? Of others:
 * only what the caller could see or change on the door anyway (its access list, its PINs, all of
 * its activity), so an administrator of the door sees it and a guest does not. Of oneself: one's
 * own activity and phones on any door one sees. Never a secret (a PIN's value, a key's secret):
 * those are not facts of this page.
 */
export function decidePersonFact(fact: PersonFact, a: AccessFacts | undefined, now: Date, self: boolean): Decision {
  if (self && (fact === 'activity' || fact === 'phones')) return decide('see', a, now);
  return decide(PERSON_FACT_ACTION[fact], a, now);
}

/**
 * A person's personal access keys (names, scopes, expiry; never a secret) belong to their account,
 * not to any organization: only the person sees them, whatever the viewer's role.
 */
export const maySeePersonalKeys = (self: boolean): boolean => self;

// ---- changing who has access ---------------------------------------------------------------------

export type AccessChangeRefusal = Refusal | 'aboveOwnLevel' | 'ownerLevel' | 'ownerAccess' | 'self' | 'ownGroup';

export interface AccessChange {
  verb: 'grant' | 'update' | 'revoke';
  /** the access being changed: its principal and whether it is the owner's */
  target: { principal: 'self' | 'myGroup' | 'other'; isOwner: boolean };
  /** the level granted or set (grant, update with a level) */
  level?: number;
}

/**
 * Sharing: the caller must be allowed to `share` now; nobody grants above their own level or
 * the owner's level, touches the owner's access, or changes an access that is their own or a
 * group's they belong to (that would widen their own access; a revoke only narrows it and is
 * allowed).
 */
export function decideAccessChange(
  me: AccessFacts | undefined,
  now: Date,
  c: AccessChange,
): Decision<AccessChangeRefusal> {
  const base = decide('share', me, now);
  if (!base.ok) return base;
  const target = decideAccessTarget(c);
  if (!target.ok) return target;
  if (c.level !== undefined) {
    if (c.level > me!.accessLevel) return { ok: false, reason: 'aboveOwnLevel' };
    if (c.level >= Level.owner) return { ok: false, reason: 'ownerLevel' };
  }
  return OK;
}

/** The part of `decideAccessChange` about the record itself, for a caller who may share. */
export function decideAccessTarget(
  c: Pick<AccessChange, 'verb' | 'target'>,
): Decision<'ownerAccess' | 'self' | 'ownGroup'> {
  if (c.target.isOwner) return { ok: false, reason: 'ownerAccess' };
  if (c.verb !== 'revoke') {
    if (c.target.principal === 'self') return { ok: false, reason: 'self' };
    if (c.target.principal === 'myGroup') return { ok: false, reason: 'ownGroup' };
  }
  return OK;
}

// ---- delegation: nobody hands out more than they hold ----------------------------------------------

/**
 * What a grant gives on one device: a device access, a PIN (level guest, at the door only), an
 * access link (level guest, from afar, in its window), an invitation or a group membership (the
 * accesses of its groups). Its schedule is judged in the device's zone, like the grantor's access.
 */
export interface GrantPower extends Schedule {
  /** the level it gives: 0 guest, 1 administrator */
  accessLevel: number;
  /** it opens from afar (an access with remote opening, a link); a PIN opens only at the keypad */
  remote: boolean;
}

/** The grantor as the policy sees them on one device, now. */
export interface Grantor {
  /** their effective access to the device (lib/domain/access/effective.ts) */
  access: AccessFacts | undefined;
  /** their role in the device's organization; null when none (or the device has no organization) */
  orgRole: number | null;
  /** the device belongs to an organization */
  inOrganization: boolean;
}

export type DelegationRefusal =
  | Refusal
  | 'aboveOwnLevel' // the grant gives a level above the grantor's
  | 'ownSchedule' // the grant reaches dates, weekdays or hours the grantor's own access does not
  | 'endless'; // only the organization's owner (a device of nobody's organization: its owner) makes a grant without an end

/**
 * Attenuation: creating, widening or reviving a grant (and reading its secret: a link's URL, a
 * PIN's value, an invitation's token) needs the grantor to hold, now, at least the power the grant
 * gives on the device: their access active now, the level, remote opening when the grant opens
 * from afar, and its dates, weekdays and daily window inside their own. A grant without an end is
 * the organization owner's alone (for a device of no organization, its owner's): removing an end
 * is widening. An owner-level access without a schedule covers every schedule.
 */
export function decideDelegation(g: Grantor, grant: GrantPower, now: Date): Decision<DelegationRefusal> {
  return fits(g, grant, now, true);
}

function fits(g: Grantor, grant: GrantPower, now: Date, activeNow: boolean): Decision<DelegationRefusal> {
  const a = g.access;
  if (!a || !withinDates(a, now)) return no('unseen');
  // handing a device out is administration: not of a device outside the grantor's sites
  if (a.outsideSites) return no('site');
  if (activeNow && !isActive(a, now)) return no('schedule');
  if (grant.accessLevel > a.accessLevel) return { ok: false, reason: 'aboveOwnLevel' };
  if (grant.remote && a.remoteAccessDisabled && a.accessLevel < Level.owner) return no('remote');
  if (grant.endDate === null) {
    const top = g.inOrganization ? g.orgRole === OrgRole.owner : a.accessLevel >= Level.owner;
    if (!top) return { ok: false, reason: 'endless' };
  }
  if (!scheduleWithin(grant, a, a.timeZone, now)) return { ok: false, reason: 'ownSchedule' };
  return OK;
}

/** Whether `next` gives no more than `prev` did (a narrowing needs no attenuation check; anything else is widening). */
export function narrows(prev: GrantPower, next: GrantPower, zone: string, now: Date): boolean {
  return (
    next.accessLevel <= prev.accessLevel &&
    (!next.remote || prev.remote) &&
    // an ended grant brought back to life is widened, whatever its new window
    (prev.endDate === null || prev.endDate > now) &&
    scheduleWithin(next, prev, zone, now)
  );
}

/**
 * A change of a grant (`prev` undefined: a new one). Narrowing is always allowed to whoever may
 * manage the grant; creating, widening or reviving is held to decideDelegation, and whoever does it
 * becomes the grant's grantor (it answers for it from then on).
 */
export function decideGrantChange(
  g: Grantor,
  prev: GrantPower | undefined,
  next: GrantPower,
  now: Date,
): Decision<DelegationRefusal> & { widens: boolean } {
  if (prev && g.access && narrows(prev, next, g.access.timeZone, now)) return { ok: true, widens: false };
  return { ...decideDelegation(g, next, now), widens: true };
}

/** The power of a device access row. */
export const accessPower = (a: Schedule & { accessLevel: number; remoteAccessDisabled: boolean }): GrantPower => ({
  accessLevel: a.accessLevel,
  remote: !a.remoteAccessDisabled,
  startDate: a.startDate,
  endDate: a.endDate,
  dayStartTime: a.dayStartTime,
  dayEndTime: a.dayEndTime,
  weekDays: a.weekDays,
});

/** The power of a PIN: a guest's, at the keypad only, in its schedule. */
export const pinPower = (p: Schedule): GrantPower => ({ ...pickSchedule(p), accessLevel: Level.guest, remote: false });

/** The power of an access link on each of its devices: a guest's, from afar, in its repeat event. */
export const linkPower = (l: Schedule): GrantPower => ({ ...pickSchedule(l), accessLevel: Level.guest, remote: true });

const pickSchedule = (s: Schedule): Schedule => ({
  startDate: s.startDate,
  endDate: s.endDate,
  dayStartTime: s.dayStartTime,
  dayEndTime: s.dayEndTime,
  weekDays: s.weekDays,
});

/**
 * When a grantor loses power on a device (their access revoked or narrowed, their role lowered,
 * removed from the organization, their account deleted), which of the grants they made still fit
 * what they hold now: those that do not are listed in the change's preview and end with it unless
 * the person confirming keeps them (and then answers for them). Invitations they sent end at once,
 * whatever they give (an unaccepted invitation is a grant nobody holds yet).
 */
export function grantStillHeld(g: Grantor, grant: GrantPower, now: Date): boolean {
  return fits(g, grant, now, false).ok;
}

/**
 * A lock's time zone: every weekday schedule and daily window on it (accesses, PINs, links) is
 * judged in it, so moving it moves them all, the changer's own included. Its owner's alone.
 */
export function decideZoneChange(a: AccessFacts | undefined): Decision<'ownerOnly'> {
  return a && a.accessLevel >= Level.owner ? OK : { ok: false, reason: 'ownerOnly' };
}

// ---- access links ----------------------------------------------------------------------------------

export interface LinkWindow {
  startDate: Date | null;
  endDate: Date | null;
}

const within = (inner: LinkWindow, outer: LinkWindow) =>
  (outer.startDate === null || (inner.startDate !== null && inner.startDate >= outer.startDate)) &&
  (outer.endDate === null || (inner.endDate !== null && inner.endDate <= outer.endDate));

/**
 * A link's window. A link without an end is for the organization's owner only. Later, anyone
 * who manages links may narrow it; widening it is held to what both its creator and the person
 * widening could grant (an end unless both are the organization's owner).
 */
export function decideLinkWindow(
  next: LinkWindow,
  who: { setterRole: number; creatorRole: number | null },
  previous?: LinkWindow,
): Decision<'permanentLink'> {
  if (previous && within(next, previous)) return OK;
  if (next.endDate !== null) return OK;
  const owner = who.setterRole >= OrgRole.owner && (who.creatorRole ?? -1) >= OrgRole.owner;
  return owner ? OK : { ok: false, reason: 'permanentLink' };
}

/**
 * A link opens a device while now is inside the link's repeat event (its dates, weekdays and daily
 * window, judged in the device's own zone like an access) and the person who put the device on it
 * may still open that device remotely at this instant: a link gives no more than its grantor
 * could use now, and stops with the grantor's access.
 */
export function decideLinkOpen(
  link: Schedule,
  zone: string,
  grantor: AccessFacts | undefined,
  now: Date,
): Decision<Refusal | 'linkSchedule'> {
  if (!isActiveAt(link, now, zone)) return { ok: false, reason: 'linkSchedule' };
  return decide('open', grantor, now);
}

// ---- offline certificates ---------------------------------------------------------------------------

/**
 * Until when a certificate for this access may be valid, or null when none may be issued now:
 * the access must be active, and the certificate ends with today's window (or run of allowed
 * days), the access's end date, or `maxLifetimeMs`, whichever comes first.
 */
export function certificateUntil(a: AccessFacts | undefined, now: Date, maxLifetimeMs: number): Date | null {
  if (!decide('holdCertificate', a, now).ok) return null;
  const until = activeUntil(a!, now, a!.timeZone);
  const cap = now.getTime() + maxLifetimeMs;
  return new Date(until === null ? cap : Math.min(until.getTime(), cap));
}

/** A live certificate stays valid only while the access still covers it (else it is revoked). */
export function certificateCovered(
  cert: { accessLevel: number; expirationDate: Date },
  a: AccessFacts | undefined,
  now: Date,
  maxLifetimeMs: number,
): boolean {
  const until = certificateUntil(a, now, maxLifetimeMs);
  return until !== null && cert.accessLevel <= a!.accessLevel && cert.expirationDate.getTime() <= until.getTime();
}

// ---- the device itself: the keypad ----------------------------------------------------------------

export const KEYPAD_MAX_WRONG = 5;
export const KEYPAD_LOCKOUT_MS = 60_000;
/** the lockout doubles on each further run of wrong PINs, up to a day */
export const KEYPAD_LOCKOUT_MAX_MS = 86_400_000;

export interface KeypadState {
  /** wrong PINs in a row since the last lockout or right PIN */
  failures: number;
  /** lockouts since the last right PIN */
  runs: number;
  lockedUntil: Date | null;
}

export const KEYPAD_FRESH: KeypadState = { failures: 0, runs: 0, lockedUntil: null };

export type KeypadRefusal = 'lockedOut' | 'wrongPin' | 'pinOutsideTime';

/**
 * What the keypad does with an entry: ignore it while locked out; otherwise open for a PIN that
 * is valid at this instant in the lock's zone. `pin` is the PIN the entry matched, or null.
 */
export function decideKeypad(
  state: KeypadState,
  pin: Schedule | null,
  now: Date,
  zone: string,
): Decision<KeypadRefusal> {
  if (state.lockedUntil && state.lockedUntil > now) return { ok: false, reason: 'lockedOut' };
  if (!pin) return { ok: false, reason: 'wrongPin' };
  if (!isActiveAt(pin, now, zone)) return { ok: false, reason: 'pinOutsideTime' };
  return OK;
}

/** The keypad's state after a wrong PIN: the fifth in a row locks it out, 60 s doubling per run. */
export function afterWrongPin(state: KeypadState, now: Date): KeypadState & { lockedOut: boolean } {
  const failures = state.failures + 1;
  if (failures < KEYPAD_MAX_WRONG) return { ...state, failures, lockedOut: false };
  const ms = Math.min(KEYPAD_LOCKOUT_MS * 2 ** state.runs, KEYPAD_LOCKOUT_MAX_MS);
  return { failures: 0, runs: state.runs + 1, lockedUntil: new Date(now.getTime() + ms), lockedOut: true };
}

// ---- the second step of a sign-in ---------------------------------------------------------------

/** Wrong second-factor codes (TOTP or recovery) of one account that cost nothing (as many as a pending sign-in allows). */
export const SECOND_STEP_FREE = 5;
/** From this many wrong codes the account's second step is locked, and the person mailed. */
export const SECOND_STEP_LOCK_AFTER = 10;
export const SECOND_STEP_LOCK_MS = 15 * 60_000;
/** A count forgotten after this long without a wrong code. */
export const SECOND_STEP_FORGET_MS = 60 * 60_000;

/**
 * Until when an account's second step waits after `failures` wrong codes in a row (the latest at
 * `lastAt`), or null: 5 free, then 1, 2, 4, 8, 16 s, and from the 10th a lock of 15 minutes. The
 * count is the account's, whatever the address or the pending sign-in, and a right password does
 * not clear it (only a right code does): knowing the password buys no fresh guesses.
 */
export function secondStepDue(failures: number, lastAt: Date): Date | null {
  if (failures < SECOND_STEP_FREE) return null;
  const ms = failures >= SECOND_STEP_LOCK_AFTER ? SECOND_STEP_LOCK_MS : 1000 * 2 ** (failures - SECOND_STEP_FREE);
  return new Date(lastAt.getTime() + ms);
}

// ---- lockdown (issue 35) --------------------------------------------------------------------------

/** An active lockdown over a door (its site's, or its whole organization's). */
export interface LockdownFacts {
  reason: string;
  /** the site's name, or null for the whole organization */
  siteName: string | null;
  startedAt: Date;
  /** the administrators the lockdown lets open (the owner always may) */
  exemptUserIds: readonly string[];
}

/**
 * Who is opening: a person from afar or with a phone (their user id and role in the door's
 * organization), or something that stands for nobody in particular: an access link's guest, a PIN at
 * the keypad, a timetable.
 */
export type Opener = { userId: string; orgRole: number | null } | 'link' | 'keypad' | 'timetable';

/**
 * While a lockdown holds, every opening of its doors is refused, whatever the access, the link or the
 * PIN says, except to the organization's owner and the administrators the lockdown names. Locking
 * is never refused. `lockdown` undefined or null: none holds.
 */
export function decideLockdown(lockdown: LockdownFacts | null | undefined, who: Opener): Decision<'lockdown'> {
  if (!lockdown) return OK;
  if (typeof who === 'object') {
    if (who.orgRole === OrgRole.owner) return OK;
    if (who.orgRole !== null && who.orgRole >= OrgRole.administrator && lockdown.exemptUserIds.includes(who.userId))
      return OK;
  }
  return { ok: false, reason: 'lockdown' };
}

/**
 * Starting or lifting a lockdown: of a site, its owner or an administrator whose administration
 * reaches that site (`limit` null: every site); of the whole organization (`siteId` null), the owner
 * alone. `role`: the caller's role in the organization, null when not a member (404).
 */
export function decideLockdownControl(
  role: number | null,
  limit: readonly number[] | null,
  siteId: number | null,
): Decision<'unseen' | 'level' | 'ownerOnly' | 'site'> {
  if (role === null) return { ok: false, reason: 'unseen' };
  if (role < OrgRole.administrator) return { ok: false, reason: 'level' };
  if (siteId === null) return role >= OrgRole.owner ? OK : { ok: false, reason: 'ownerOnly' };
  if (role >= OrgRole.owner || limit === null || limit.includes(siteId)) return OK;
  return { ok: false, reason: 'site' };
}

/**
 * Whom a lockdown may exempt: administrators of the organization (an exempt member would be a
 * person the rule never lets open anyway; the owner needs no exemption).
 */
export const mayBeExempted = (role: number | null): boolean => role === OrgRole.administrator;

/**
 * A site's reports (issue 35): who opened which door, the refusals, the people added and removed
 * are the site's administration's to read: its owner, or an administrator whose administration
 * reaches the site (`limit` null: every site). Asked when subscribing, reading, and again at each
 * sending (a subscriber who lost the role or the site gets nothing more).
 */
export function decideSiteReport(
  role: number | null,
  limit: readonly number[] | null,
  siteId: number,
): Decision<'unseen' | 'level' | 'site'> {
  if (role === null) return { ok: false, reason: 'unseen' };
  if (role < OrgRole.administrator) return { ok: false, reason: 'level' };
  if (role >= OrgRole.owner || limit === null || limit.includes(siteId)) return OK;
  return { ok: false, reason: 'site' };
}

/**
 * A timetable's unlock (issue 35) opens the door for whoever stands at it, so it goes only while the
 * person who last set the timetable may still open the door from afar at that instant, as an access
 * link's grantor: it stops with their access, outside their hours, and without remote opening.
 * Locking always goes.
 */
export const decideTimetableUnlock = (setter: AccessFacts | undefined, now: Date): Decision =>
  decide('open', setter, now);

/**
 * What a lockdown shows beyond its reason (issue 35): the names of its locks not locked yet and the
 * administrators it lets through are its scope's administration's to read (an administrator
 * reaching the site; for the whole organization, one limited to no site), since a member learns no
 * door they cannot see; every member reads that it holds, where and why.
 */
export const mayReadLockdownDetails = (role: number | null, limit: readonly number[] | null, siteId: number | null) =>
  siteId === null
    ? role !== null && (role >= OrgRole.owner || (role >= OrgRole.administrator && limit === null))
    : decideSiteReport(role, limit, siteId).ok;
