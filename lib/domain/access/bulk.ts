import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { deviceAccess, devices, organizationUsers, userGroupMembers, userGroups, users } from '@/db/schema';
import { isEmailAddress, normalizeEmail } from '@/lib/auth/email';
import type { Ctx, ShareMailBatch } from '../context';
import { isDomainError, Invalid, NotFound, type ErrorCode } from '../errors';
import { may } from '@/lib/shared/policy';
import { requireOrg } from '../policy/enforce';
import { effectiveAccess } from './effective';
import { revokeAccess, updateAccess } from './change';
import { grantAccess } from './grant';
import { sendShareMail } from './invite';
import { checkGrantLevel, checkSchedule, type ScheduleInput } from './rules';

/**
 * One person, many doors of an organization, in one request (issue 33): the per-device verbs
 * (grantAccess, updateAccess, revokeAccess) run door by door inside one transaction, so every
 * rule of theirs applies unchanged (the door policy, delegation, invitations and notices, audit,
 * certificates), except that the person gets one mail for all the doors given; a door they
 * refuse rolls the whole request back, and the answer says per door what happened or would have
 * happened.
 */

/** Who: an account by id, or anyone by e-mail (an address without a verified account is invited). */
export interface PersonRef {
  userId?: string | null;
  userEmail?: string | null;
}

export interface Person {
  userId: string | null;
  email: string;
  displayName: string;
  /** no verified account yet: doors wait as invitations to the address */
  pending: boolean;
}

export interface BulkGrantInput extends ScheduleInput {
  person: PersonRef;
  deviceIds: number[];
  accessLevel: number;
  remoteAccessDisabled: boolean;
}

export type DoorOutcome = 'created' | 'updated' | 'unchanged' | 'refused' | 'notApplied';

export interface DoorAnswer {
  deviceId: number;
  deviceName: string | null;
  outcome: DoorOutcome;
  accessId: string | null;
  error: { code: ErrorCode; message: string } | null;
}

export interface BulkGrantResult {
  success: boolean;
  person: Person;
  doors: DoorAnswer[];
  errorMessages: string[];
  /** the first refusal's code: the status of the whole request when it failed */
  refusal: ErrorCode | null;
}

/** Rolls the transaction back after every door was tried (all or nothing). */
class Rollback extends Error {}

/**
 * Resolves the person. An id must be someone the organization knows (a member, or holder of an
 * access to one of its devices): other ids answer 404, like an unseen person.
 */
export async function resolvePerson(ctx: Ctx, organizationId: number, ref: PersonRef): Promise<Person> {
  if (!!ref.userId === !!ref.userEmail)
    throw Invalid('Give either userId (someone who has an account) or userEmail (anyone, invited if new).');
  if (ref.userId) {
    const [u] = await ctx.db
      .select({ id: users.id, email: users.email, displayName: users.displayName })
      .from(users)
      .where(eq(users.id, ref.userId))
      .limit(1);
    if (!u || !(await knownTo(ctx, organizationId, u.id))) throw NotFound('Person');
    const name = await orgName(ctx, organizationId, u.id);
    return { userId: u.id, email: u.email, displayName: name ?? u.displayName, pending: false };
  }
  const email = normalizeEmail(ref.userEmail ?? '');
  if (!isEmailAddress(email)) throw Invalid('userEmail: enter the e-mail address of the person.');
  const [u] = await ctx.db
    .select({ id: users.id, email: users.email, displayName: users.displayName })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, isNotNull(users.emailVerifiedAt)))
    .limit(1);
  if (u) {
    const name = await orgName(ctx, organizationId, u.id);
    return { userId: u.id, email: u.email, displayName: name ?? u.displayName, pending: false };
  }
  return { userId: null, email, displayName: email, pending: true };
}

async function orgName(ctx: Ctx, organizationId: number, userId: string): Promise<string | null> {
  const [m] = await ctx.db
    .select({ n: organizationUsers.displayName })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.userId, userId)))
    .limit(1);
  return m?.n ?? null;
}

async function knownTo(ctx: Ctx, organizationId: number, userId: string): Promise<boolean> {
  if (await isMember(ctx, organizationId, userId)) return true;
  const [a] = await ctx.db
    .select({ id: deviceAccess.id })
    .from(deviceAccess)
    .innerJoin(devices, eq(devices.id, deviceAccess.deviceId))
    .where(and(eq(devices.organizationId, organizationId), eq(deviceAccess.userId, userId)))
    .limit(1);
  return !!a;
}

async function isMember(ctx: Ctx, organizationId: number, userId: string): Promise<boolean> {
  const [m] = await ctx.db
    .select({ id: organizationUsers.id })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.userId, userId)))
    .limit(1);
  return !!m;
}

/** The person's own (direct or invited) access rows on these devices. */
const ownRows = (person: Person) =>
  person.userId
    ? eq(deviceAccess.userId, person.userId)
    : sql`lower(${deviceAccess.pendingEmail}) = ${person.email.toLowerCase()}`;

const sameTime = (a: Date | null, b: Date | null) => (a === null || b === null ? a === b : a.getTime() === b.getTime());
const sameClock = (a: Date | null, b: Date | null) =>
  a === null || b === null ? a === b : a.getUTCHours() === b.getUTCHours() && a.getUTCMinutes() === b.getUTCMinutes();

/**
 * POST /organization/{organizationId}/people/access: the person gets the same level, remote flag
 * and schedule on every door named. A door where they have no access gets one (grantAccess: an
 * invitation to an address without an account); one where they have it is set to it
 * (updateAccess: narrowing is any manager's, widening is held to what the caller holds). Sending
 * the same request again changes nothing ("unchanged").
 */
export async function bulkGrant(ctx: Ctx, organizationId: number, input: BulkGrantInput): Promise<BulkGrantResult> {
  await requireOrg(ctx, organizationId, 'see');
  const deviceIds = [...new Set(input.deviceIds)];
  if (!deviceIds.length) throw Invalid('deviceIds: choose at least one door.');
  checkGrantLevel(input.accessLevel);
  const schedule = checkSchedule(input);
  const person = await resolvePerson(ctx, organizationId, input.person);
  const names = new Map(
    (
      await ctx.db
        .select({ id: devices.id, name: devices.name })
        .from(devices)
        .where(and(inArray(devices.id, deviceIds), eq(devices.organizationId, organizationId)))
    ).map((d) => [d.id, d.name]),
  );
  const doors: DoorAnswer[] = [];
  const refuse = (deviceId: number, code: ErrorCode, message: string) =>
    doors.push({ deviceId, deviceName: null, outcome: 'refused', accessId: null, error: { code, message } });
  try {
    await ctx.db.transaction(async (tx) => {
      // the doors' mails are collected and go as one mail to the person when every door was given
      const mail: ShareMailBatch = { invitations: [], notices: [] };
      const t: Ctx = { ...ctx, db: tx, shareMail: mail };
      for (const deviceId of deviceIds) {
        // a device of another organization (or none) is not this organization's door: as unseen
        if (!names.has(deviceId)) {
          refuse(deviceId, 'not_found', 'Device not found in this organization.');
          continue;
        }
        try {
          const find = async () =>
            (
              await tx
                .select()
                .from(deviceAccess)
                .where(and(eq(deviceAccess.deviceId, deviceId), ownRows(person)))
                .limit(1)
            )[0];
          // the person's access there is set to the schedule (updated, or unchanged when it already is)
          const setTo = async (existing: NonNullable<Awaited<ReturnType<typeof find>>>) => {
            await updateAccess(t, deviceId, existing.id, {
              accessLevel: input.accessLevel,
              remoteAccessDisabled: input.remoteAccessDisabled,
              ...schedule,
            });
            const same =
              existing.accessLevel === input.accessLevel &&
              existing.remoteAccessDisabled === input.remoteAccessDisabled &&
              existing.weekDays === schedule.weekDays &&
              sameTime(existing.startDate, schedule.startDate) &&
              sameTime(existing.endDate, schedule.endDate) &&
              sameClock(existing.dayStartTime, schedule.dayStartTime) &&
              sameClock(existing.dayEndTime, schedule.dayEndTime);
            doors.push({
              deviceId,
              deviceName: names.get(deviceId)!,
              outcome: same ? 'unchanged' : 'updated',
              accessId: existing.id,
              error: null,
            });
          };
          const existing = await find();
          if (existing) await setTo(existing);
          else {
            try {
              const r = await grantAccess(t, deviceId, {
                principalType: 0,
                userEmail: person.email,
                accessLevel: input.accessLevel,
                remoteAccessDisabled: input.remoteAccessDisabled,
                ...schedule,
              });
              doors.push({
                deviceId,
                deviceName: names.get(deviceId)!,
                outcome: 'created',
                accessId: r.id,
                error: null,
              });
            } catch (e) {
              // the same request, repeated at the same moment, made it first: set that one instead
              const raced = isDomainError(e) && e.code === 'conflict' ? await find() : undefined;
              if (!raced) throw e;
              await setTo(raced);
            }
          }
        } catch (e) {
          if (!isDomainError(e)) throw e;
          // a door the caller cannot see is named by its id only (ids cannot be probed for names)
          doors.push({
            deviceId,
            deviceName: e.code === 'not_found' ? null : names.get(deviceId)!,
            outcome: 'refused',
            accessId: null,
            error: { code: e.code, message: e.message },
          });
        }
      }
      if (doors.some((d) => d.outcome === 'refused')) throw new Rollback();
      await sendShareMail(tx, ctx, mail, ctx.now());
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
    const refused = doors.filter((d) => d.error);
    return {
      success: false,
      person,
      doors: doors.map((d) =>
        d.outcome === 'refused'
          ? d
          : { ...d, outcome: 'notApplied', accessId: d.outcome === 'created' ? null : d.accessId },
      ),
      errorMessages: refused.map((d) => `${d.deviceName ?? `Device ${d.deviceId}`}: ${d.error!.message}`),
      refusal: refused[0].error!.code,
    };
  }
  return { success: true, person, doors, errorMessages: [], refusal: null };
}

export interface EndedAccess {
  deviceId: number;
  deviceName: string;
  accessId: string;
  /** the access through which they opened: their own, or the group's (which stays: remove them from it) */
  via: 'user' | 'invitation' | 'group';
  groupName: string | null;
  reason: string | null;
}

export interface EndAllResult {
  person: Person;
  ended: EndedAccess[];
  /** accesses the caller may not end, or that come through a group */
  kept: EndedAccess[];
}

/**
 * POST /organization/{organizationId}/people/access/revokeall: ends, in one transaction, every
 * access of the person to this organization's devices that the caller may revoke (revokeAccess,
 * door by door: the policy's share and revoke rules, certificates, grants the person handed out,
 * audit). The others are listed as kept with the reason; doors the caller cannot see are left
 * out of the answer. Repeating it ends nothing more.
 */
export async function endAllAccess(ctx: Ctx, organizationId: number, ref: PersonRef): Promise<EndAllResult> {
  await requireOrg(ctx, organizationId, 'see');
  const person = await resolvePerson(ctx, organizationId, ref);
  const own = await ctx.db
    .select({
      id: deviceAccess.id,
      deviceId: deviceAccess.deviceId,
      name: devices.name,
      pending: deviceAccess.pendingEmail,
    })
    .from(deviceAccess)
    .innerJoin(devices, eq(devices.id, deviceAccess.deviceId))
    .where(and(eq(devices.organizationId, organizationId), ownRows(person)))
    .orderBy(devices.name, devices.id);
  const ended: EndedAccess[] = [];
  const kept: EndedAccess[] = [];
  await ctx.db.transaction(async (tx) => {
    const t: Ctx = { ...ctx, db: tx };
    for (const a of own) {
      const row: EndedAccess = {
        deviceId: a.deviceId,
        deviceName: a.name,
        accessId: a.id,
        via: a.pending ? 'invitation' : 'user',
        groupName: null,
        reason: null,
      };
      try {
        await revokeAccess(t, a.deviceId, a.id);
        ended.push(row);
      } catch (e) {
        if (!isDomainError(e)) throw e;
        if (e.code !== 'not_found') kept.push({ ...row, reason: e.message });
      }
    }
  });
  if (person.userId) {
    const viaGroups = await ctx.db
      .select({ id: deviceAccess.id, deviceId: deviceAccess.deviceId, name: devices.name, group: userGroups.name })
      .from(deviceAccess)
      .innerJoin(devices, eq(devices.id, deviceAccess.deviceId))
      .innerJoin(userGroups, eq(userGroups.id, deviceAccess.groupId))
      .innerJoin(userGroupMembers, eq(userGroupMembers.groupId, userGroups.id))
      .innerJoin(organizationUsers, eq(organizationUsers.id, userGroupMembers.organizationUserId))
      .where(and(eq(devices.organizationId, organizationId), eq(organizationUsers.userId, person.userId)))
      .orderBy(devices.name, devices.id);
    const mine = await effectiveAccess(ctx.db, ctx.caller.userId, ctx.now(), [
      ...new Set(viaGroups.map((g) => g.deviceId)),
    ]);
    for (const g of viaGroups)
      if (may('see', mine.get(g.deviceId), ctx.now()))
        kept.push({
          deviceId: g.deviceId,
          deviceName: g.name,
          accessId: g.id,
          via: 'group',
          groupName: g.group,
          reason: `Through the group ${g.group}: remove them from the group to end it.`,
        });
  }
  return { person, ended, kept };
}
