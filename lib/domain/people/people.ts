import { and, eq, inArray, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import { DeviceType } from '@/lib/shared/devices/codes';
import { deviceAccess, devices, organizationUsers, userGroupMembers, userGroups, users } from '@/db/schema';
import type { Ctx } from '../context';
import { NotFound } from '../errors';
import { factorOf, requireOrg } from '../policy/enforce';
import { visibleJudged, type Judged } from '../access/effective';
import { Level, may, PERSON_FACT_ACTIONS, type DeviceAction } from '@/lib/shared/policy';
import { resolvePerson, type PersonRef } from '../access/bulk';
import { roleName } from '../organizations/organizations';
import { findGroup } from '../organizations/groups';
import { pageWindow } from '../organizations/text';
import { personFacts, type PersonFacts } from './facts';
import { anyInt, anyUuid } from '@/db/arrays';
import { windowOf } from './window';

/**
 * The organization's people as a page per person (issue 33): members, and everyone who holds an
 * access to one of its doors (guests outside the organization, pending invitations). What a
 * caller sees of anyone's doors is limited to the doors the caller may share now (the policy's
 * `share`, which also shows a door's full access list); members without such doors see the
 * directory of members only.
 */

export interface Door {
  deviceId: number;
  name: string;
  deviceType: number;
  timeZone: string;
  /** its site (building, issue 35); null: none */
  siteId: number | null;
}

/** The sites of these doors, sorted, 0 standing for doors in no site (the API's siteId=0). */
function sitesOf(doorIds: Iterable<number>, byId: Map<number, Door>): number[] {
  const out = new Set<number>();
  for (const id of doorIds) {
    const d = byId.get(id);
    if (d) out.add(d.siteId ?? 0);
  }
  return [...out].sort((a, b) => a - b);
}

/** What opens nothing itself: bridges, keypads and door sensors are not doors a person is given. */
const NOT_DOORS = [DeviceType.bridge, DeviceType.keypad, DeviceType.keypadPro, DeviceType.doorSensor];

/**
 * The organization's doors (locks, gates), by name, and what decides the caller's actions on each
 * (visibleJudged: the caller's own plain access in SQL, the others by the policy): one read for all
 * the parts of a person page, not one per part (docs/performance.md).
 */
export interface OrgDoors {
  doors: Door[];
  seen: Judged;
  /** the time the caller's accesses were judged at */
  now: Date;
}

export async function orgDoors(ctx: Ctx, organizationId: number, actions: readonly DeviceAction[]): Promise<OrgDoors> {
  const now = ctx.now();
  const [doors, seen] = await Promise.all([
    ctx.db
      .select({
        deviceId: devices.id,
        name: devices.name,
        deviceType: devices.type,
        timeZone: devices.timeZone,
        siteId: devices.siteId,
      })
      .from(devices)
      .where(and(eq(devices.organizationId, organizationId), notInArray(devices.type, NOT_DOORS)))
      .orderBy(devices.name, devices.id),
    // the doors the caller's own access plainly lets them manage (in SQL), the others judged by the
    // policy: an owner of 10,000 doors is not 10,000 decoded accesses (docs/performance.md)
    visibleJudged(
      ctx.db,
      ctx.caller.userId,
      now,
      actions,
      sql`d.organization_id = ${organizationId} and not (${anyInt(sql`d.type`, NOT_DOORS)})`,
    ),
  ]);
  return { doors, seen, now };
}

/** Of the organization's doors, those on which the caller may share now (and so see and change who opens them). */
const sharable = ({ doors, seen, now }: OrgDoors) =>
  doors.filter((d) => seen.passes(d.deviceId, (a) => may('share', a, now)));

/** The organization's doors on which the caller may share now. */
export async function managedDoors(ctx: Ctx, organizationId: number): Promise<Door[]> {
  return sharable(await orgDoors(ctx, organizationId, ['share']));
}

export interface PersonSummary {
  /** the account's id; null for an address invited to doors that has no account yet */
  userId: string | null;
  email: string;
  displayName: string;
  organizationUserId: number | null;
  /** stored numbering: 0 member, 1 administrator, 2 owner; null: not in the organization */
  role: number | null;
  roleName: string;
  pending: boolean;
  groups: { id: string; name: string }[];
  /** doors (among those the caller manages) the person can open, directly or through a group */
  doorCount: number;
  /** the sites of those doors (issue 35), sorted; 0: doors in no site */
  siteIds: number[];
}

/**
 * The organization's members, their groups, and the access rows of its devices (the caller's
 * doors among them are picked by the caller): three reads at once, none waiting on the doors.
 */
async function orgFacts(ctx: Ctx, organizationId: number) {
  const [members, memberships, rows] = await Promise.all([
    ctx.db
      .select({
        ouId: organizationUsers.id,
        userId: organizationUsers.userId,
        role: organizationUsers.role,
        name: sql<string>`coalesce(${organizationUsers.displayName}, ${users.displayName})`,
        email: users.email,
      })
      .from(organizationUsers)
      .innerJoin(users, eq(users.id, organizationUsers.userId))
      .where(eq(organizationUsers.organizationId, organizationId)),
    ctx.db
      .select({ ouId: userGroupMembers.organizationUserId, groupId: userGroups.id, name: userGroups.name })
      .from(userGroupMembers)
      .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
      .where(eq(userGroups.organizationId, organizationId))
      .orderBy(userGroups.name),
    ctx.db
      .select({
        id: deviceAccess.id,
        deviceId: deviceAccess.deviceId,
        userId: deviceAccess.userId,
        groupId: deviceAccess.groupId,
        pendingEmail: deviceAccess.pendingEmail,
      })
      .from(deviceAccess)
      .innerJoin(devices, eq(devices.id, deviceAccess.deviceId))
      .where(eq(devices.organizationId, organizationId)),
  ]);
  return { members, memberships, rows };
}

/** A page of the People list (issue 34): a part of a name or address, one site's people (0: of doors in no site). */
export interface PeopleView {
  text?: string;
  siteId?: number;
  page?: number;
  itemsPerPage?: number;
}

export interface PeopleList {
  people: PersonSummary[];
  /** the people matching the view's filters (all of them without one) */
  total: number;
  /** how many doors the caller may give now, and whether one of them is in no site */
  manageableDoorCount: number;
  manageableDoorsWithoutSite: boolean;
  /** those doors (the bulk grant's choices); left out of a page, where a big organization's would be most of the answer */
  manageableDoors?: Door[];
}

/**
 * GET /organization/{organizationId}/people: everyone, members first by name, then the others by
 * name; and the doors the caller may give. With a view (a page, a search or a site asked for), the
 * people matching it a page at a time and the doors only counted: an organization of 2,000 people and 10,000 doors answered
 * 1.5 MB for the 50 rows its page draws.
 */
export async function listOrgPeople(ctx: Ctx, organizationId: number, view?: PeopleView): Promise<PeopleList> {
  const all = await allOrgPeople(ctx, organizationId);
  const doors = {
    manageableDoorCount: all.manageableDoors.length,
    manageableDoorsWithoutSite: all.manageableDoors.some((d) => d.siteId === null),
  };
  if (!view) return { people: all.people, total: all.people.length, ...doors, manageableDoors: all.manageableDoors };
  const q = view.text?.trim().toLowerCase();
  const matching = all.people.filter(
    (p) =>
      (!q || p.displayName.toLowerCase().includes(q) || p.email.toLowerCase().includes(q)) &&
      (view.siteId === undefined || p.siteIds.includes(view.siteId)),
  );
  const { itemsPerPage, offset } = pageWindow({ page: view.page, itemsPerPage: view.itemsPerPage ?? 50 });
  return { people: matching.slice(offset, offset + itemsPerPage), total: matching.length, ...doors };
}

/**
 * GET /organization/{organizationId}/people/doors: the doors the caller may give now (the bulk
 * grant's choices), by name, a page at a time; a part of the name, one site's (0: those in no site).
 * The dialog searches them: an organization of 10,000 doors put every one in each person's page.
 */
export async function listManageableDoors(
  ctx: Ctx,
  organizationId: number,
  view: PeopleView,
): Promise<{ doors: Door[]; total: number }> {
  await requireOrg(ctx, organizationId, 'see');
  const all = await managedDoors(ctx, organizationId);
  const q = view.text?.trim().toLowerCase();
  const matching = all.filter(
    (d) => (!q || d.name.toLowerCase().includes(q)) && (view.siteId === undefined || (d.siteId ?? 0) === view.siteId),
  );
  const { itemsPerPage, offset } = pageWindow({ page: view.page, itemsPerPage: view.itemsPerPage ?? 50 });
  return { doors: matching.slice(offset, offset + itemsPerPage), total: matching.length };
}

async function allOrgPeople(
  ctx: Ctx,
  organizationId: number,
): Promise<{ people: PersonSummary[]; manageableDoors: Door[] }> {
  await requireOrg(ctx, organizationId, 'see');
  // the doors and the facts at once: the facts' access rows are the organization's, those of the
  // caller's doors kept here (the reads one after another were most of the People page's wait)
  const [doors, facts] = await Promise.all([managedDoors(ctx, organizationId), orgFacts(ctx, organizationId)]);
  const { members, memberships } = facts;
  const managed = new Set(doors.map((d) => d.deviceId));
  const rows = facts.rows.filter((r) => managed.has(r.deviceId));
  // by person and by group once: for 2,000 people and 15,000 access rows, filtering the rows again
  // for each person took ~1 s per request (docs/performance.md, issue 34)
  const groupsOf = new Map<number, { id: string; name: string }[]>();
  for (const m of memberships) {
    const list = groupsOf.get(m.ouId) ?? [];
    list.push({ id: m.groupId, name: m.name });
    groupsOf.set(m.ouId, list);
  }
  const byId = new Map(doors.map((d) => [d.deviceId, d]));
  const doorsOfGroup = new Map<string, Set<number>>();
  const doorsOfUser = new Map<string, Set<number>>();
  for (const r of rows) {
    if (r.groupId) doorsOfGroup.set(r.groupId, (doorsOfGroup.get(r.groupId) ?? new Set()).add(r.deviceId));
    if (r.userId) doorsOfUser.set(r.userId, (doorsOfUser.get(r.userId) ?? new Set()).add(r.deviceId));
  }
  const people: PersonSummary[] = members.map((m) => {
    const groups = groupsOf.get(m.ouId) ?? [];
    const open = new Set(doorsOfUser.get(m.userId));
    for (const g of groups) for (const d of doorsOfGroup.get(g.id) ?? []) open.add(d);
    return {
      userId: m.userId,
      email: m.email,
      displayName: m.name,
      organizationUserId: m.ouId,
      role: m.role,
      roleName: roleName(m.role),
      pending: false,
      groups,
      doorCount: open.size,
      siteIds: sitesOf(open, byId),
    };
  });
  const memberIds = new Set(members.map((m) => m.userId));
  const outsiders = new Map<string, number[]>();
  for (const r of rows)
    if (r.userId && !memberIds.has(r.userId)) {
      const ids = outsiders.get(r.userId) ?? [];
      ids.push(r.deviceId);
      outsiders.set(r.userId, ids);
    }
  if (outsiders.size) {
    const us = await ctx.db
      .select({ id: users.id, email: users.email, name: users.displayName })
      .from(users)
      .where(anyUuid(users.id, [...outsiders.keys()]));
    for (const u of us)
      people.push({
        userId: u.id,
        email: u.email,
        displayName: u.name,
        organizationUserId: null,
        role: null,
        roleName: 'guest outside the organization',
        pending: false,
        groups: [],
        doorCount: outsiders.get(u.id)!.length,
        siteIds: sitesOf(outsiders.get(u.id)!, byId),
      });
  }
  const invited = new Map<string, number[]>();
  for (const r of rows)
    if (r.pendingEmail) {
      const e = r.pendingEmail.toLowerCase();
      const ids = invited.get(e) ?? [];
      ids.push(r.deviceId);
      invited.set(e, ids);
    }
  for (const [email, ids] of invited)
    people.push({
      userId: null,
      email,
      displayName: email,
      organizationUserId: null,
      role: null,
      roleName: 'invited to doors',
      pending: true,
      groups: [],
      doorCount: ids.length,
      siteIds: sitesOf(ids, byId),
    });
  const rank = (p: PersonSummary) => (p.role !== null ? 0 : p.pending ? 2 : 1);
  people.sort(
    (a, b) => rank(a) - rank(b) || a.displayName.localeCompare(b.displayName) || a.email.localeCompare(b.email),
  );
  return { people, manageableDoors: doors };
}

export interface PersonDoor {
  deviceId: number;
  deviceName: string;
  deviceType: number;
  timeZone: string;
  accessId: string;
  /** user: their own access; invitation: waiting for them to accept; group: through groupName */
  via: 'user' | 'invitation' | 'group';
  groupId: string | null;
  groupName: string | null;
  accessLevel: number;
  remoteAccessDisabled: boolean;
  startDate: string | null;
  endDate: string | null;
  dayStartTime: string | null;
  dayEndTime: string | null;
  weekDays: number | null;
  /** "end all access" ends this row: their own or invited, below the owner's level (a group's row stays) */
  endable: boolean;
}

export interface PersonPage extends PersonFacts {
  person: PersonSummary;
  /** the person's door rows by door name, or a page of them when one is asked for */
  doors: PersonDoor[];
  /** all of the person's door rows, however many `doors` carries */
  doorCounts: DoorCounts;
  /** how many doors the caller may give now */
  manageableDoorCount: number;
  /** those doors (the bulk grant's choices); left out when not asked for (GET .../people/doors pages them) */
  manageableDoors?: Door[];
}

const pageOf = <T>(rows: T[], p: { page?: number; itemsPerPage?: number }) => {
  const { itemsPerPage, offset } = pageWindow(p);
  return rows.slice(offset, offset + itemsPerPage);
};

export interface DoorCounts {
  /** every row (a door through a group and directly is two) */
  rows: number;
  /** rows that "end all access" ends: their own or invited, below the owner's level */
  endable: number;
  /** rows through their groups (ended by taking them out of the group) */
  viaGroups: number;
}

/**
 * GET /organization/{organizationId}/people/access?userId=|userEmail=: one person's doors and how
 * they open them; `doorsPage` a page of them by name (the owner of 10,000 doors was a 3 MB answer).
 */
export async function getPersonPage(
  ctx: Ctx,
  organizationId: number,
  ref: PersonRef,
  opts: { withManageableDoors?: boolean; doorsPage?: { page?: number; itemsPerPage?: number } } = {},
): Promise<PersonPage> {
  const viewer = await requireOrg(ctx, organizationId, 'see');
  const person = await resolvePerson(ctx, organizationId, ref);
  // the organization's doors and the caller's say on each, once for the doors to give and for what
  // of the person is shown (PINs, phones, activity)
  const org = await orgDoors(ctx, organizationId, PERSON_FACT_ACTIONS);
  const doors = sharable(org);
  const byId = new Map(doors.map((d) => [d.deviceId, d]));
  const [member] = person.userId
    ? await ctx.db
        .select({ ouId: organizationUsers.id, role: organizationUsers.role })
        .from(organizationUsers)
        .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.userId, person.userId)))
        .limit(1)
    : [];
  const groups = member
    ? await ctx.db
        .select({ id: userGroups.id, name: userGroups.name })
        .from(userGroupMembers)
        .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
        .where(eq(userGroupMembers.organizationUserId, member.ouId))
        .orderBy(userGroups.name)
    : [];
  const own = person.userId
    ? eq(deviceAccess.userId, person.userId)
    : sql`lower(${deviceAccess.pendingEmail}) = ${person.email.toLowerCase()}`;
  const rows = doors.length
    ? await ctx.db
        .select({ a: deviceAccess, groupName: userGroups.name })
        .from(deviceAccess)
        .leftJoin(userGroups, eq(userGroups.id, deviceAccess.groupId))
        .where(
          and(
            anyInt(
              deviceAccess.deviceId,
              doors.map((d) => d.deviceId),
            ),
            groups.length
              ? or(
                  own,
                  and(
                    isNotNull(deviceAccess.groupId),
                    inArray(
                      deviceAccess.groupId,
                      groups.map((g) => g.id),
                    ),
                  ),
                )
              : own,
          ),
        )
    : [];
  if (!member && !rows.length) throw NotFound('Person');
  const out: PersonDoor[] = rows.map(({ a, groupName }) => {
    const d = byId.get(a.deviceId)!;
    return {
      // what "end all access" ends (endAllAccess tries each; the policy keeps what the caller may not end)
      endable: !a.groupId && a.accessLevel < Level.owner,
      deviceId: a.deviceId,
      deviceName: d.name,
      deviceType: d.deviceType,
      timeZone: d.timeZone,
      accessId: a.id,
      via: a.groupId ? 'group' : a.pendingEmail ? 'invitation' : 'user',
      groupId: a.groupId,
      groupName: groupName ?? null,
      accessLevel: a.accessLevel,
      remoteAccessDisabled: a.remoteAccessDisabled,
      ...windowOf(a),
    };
  });
  out.sort(
    (x, y) => x.deviceName.localeCompare(y.deviceName) || x.deviceId - y.deviceId || (x.via === 'group' ? 1 : -1),
  );
  const facts = await personFacts(ctx, organizationId, org, { role: viewer.role, factor: factorOf(viewer) }, person);
  return {
    person: {
      userId: person.userId,
      email: person.email,
      displayName: person.displayName,
      organizationUserId: member?.ouId ?? null,
      role: member?.role ?? null,
      roleName: member ? roleName(member.role) : person.pending ? 'invited to doors' : 'guest outside the organization',
      pending: person.pending,
      groups,
      doorCount: new Set(out.map((d) => d.deviceId)).size,
      siteIds: sitesOf(
        out.map((d) => d.deviceId),
        byId,
      ),
    },
    doors: opts.doorsPage?.page || opts.doorsPage?.itemsPerPage ? pageOf(out, opts.doorsPage) : out,
    doorCounts: {
      rows: out.length,
      endable: out.filter((d) => d.endable).length,
      viaGroups: out.filter((d) => d.via === 'group').length,
    },
    manageableDoorCount: doors.length,
    ...(opts.withManageableDoors === false ? {} : { manageableDoors: doors }),
    ...facts,
  };
}

/** A door a group opens: a person's door without the way they hold it (it is the group's own access). */
export type GroupDoor = Omit<PersonDoor, 'via' | 'groupId' | 'groupName' | 'endable'>;

/**
 * GET /organization/{organizationId}/user-groups/{groupId}/devices: the doors a group opens, by
 * name, among those the caller may share (the policy's `share`, which shows a door's whole access
 * list); a member who manages no door sees none. 404 for a group of another organization.
 */
export async function listGroupDoors(ctx: Ctx, organizationId: number, groupId: string): Promise<GroupDoor[]> {
  await requireOrg(ctx, organizationId, 'see');
  await findGroup(ctx, organizationId, groupId);
  const doors = await managedDoors(ctx, organizationId);
  if (!doors.length) return [];
  const byId = new Map(doors.map((d) => [d.deviceId, d]));
  const rows = await ctx.db
    .select()
    .from(deviceAccess)
    .where(
      and(
        eq(deviceAccess.groupId, groupId),
        inArray(
          deviceAccess.deviceId,
          doors.map((d) => d.deviceId),
        ),
      ),
    );
  return rows
    .map((a) => {
      const d = byId.get(a.deviceId)!;
      return {
        deviceId: a.deviceId,
        deviceName: d.name,
        deviceType: d.deviceType,
        timeZone: d.timeZone,
        accessId: a.id,
        accessLevel: a.accessLevel,
        remoteAccessDisabled: a.remoteAccessDisabled,
        ...windowOf(a),
      };
    })
    .sort((x, y) => x.deviceName.localeCompare(y.deviceName) || x.deviceId - y.deviceId);
}
