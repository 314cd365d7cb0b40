import { effectiveAccess, type EffectiveAccess } from '../access/effective';
import type { Ctx } from '../context';
import { Conflict, Forbidden, NotFound } from '../errors';
import { orgMembership, type OrgMembership } from '../organizations/roles';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { anyInt } from '@/db/arrays';
import type { Db } from '@/db/client';
import { devices, organizations, organizationUsers, passkeys, userTotp } from '@/db/schema';
import {
  decide,
  decideDelegation,
  decideDeviceSecondFactor,
  decideGrantChange,
  type DelegationRefusal,
  type GrantPower,
  type Grantor,
  decideOrg,
  decidePeople,
  decideSiteChange,
  isManagingAction,
  type DeviceAction,
  type OrgAction,
  type PeopleAct,
  type PeopleRefusal,
} from '@/lib/shared/policy';
import { delegationWords, refusalWords } from '@/lib/shared/policy/words';
import { enforceLockdown } from '../lockdown/state';

/**
 * The policy applied: these load what the policy needs, ask it, and turn a refusal into the
 * typed error (404 when the caller cannot see the thing at all, 403 in words otherwise).
 */

export interface DeviceSubject {
  /** what a 404 names: 'Device' (default), 'Lock', 'Gate' */
  kind?: string;
  /** the device's name, when the access read did not bring it */
  device?: string;
  /** the action in words, when more precise than the policy's ("unlock it") */
  doing?: string;
}

/** The decision for an access already loaded: the access when allowed, else the error. */
export function enforceDevice(
  action: DeviceAction,
  acc: EffectiveAccess | undefined,
  now: Date,
  subject: DeviceSubject = {},
): EffectiveAccess {
  const d = decide(action, acc, now);
  if (d.ok) return acc!;
  if (d.reason === 'unseen') throw NotFound(subject.kind ?? 'Device');
  throw Forbidden(
    refusalWords(d.reason, action, acc!, now, {
      device: subject.device ?? acc!.deviceName ?? 'this device',
      doing: subject.doing,
    }),
  );
}

/** The caller's effective access to the device, when the policy allows `action` on it now. */
export async function requireDevice(
  ctx: Ctx,
  deviceId: number,
  action: DeviceAction,
  subject: DeviceSubject = {},
): Promise<EffectiveAccess> {
  const now = ctx.now();
  const acc = (await effectiveAccess(ctx.db, ctx.caller.userId, now, [deviceId])).get(deviceId);
  const allowed = enforceDevice(action, acc, now, subject);
  await requireDeviceSecondFactor(ctx, deviceId, action);
  // opening, and holding a phone's key to open offline, stop while a lockdown holds (issue 35)
  if (action === 'open' || action === 'holdCertificate') await enforceLockdown(ctx.db, deviceId, ctx.caller);
  return allowed;
}

/** The refusal when a device's organization requires a second factor the caller has not set up. */
export const DEVICE_SECOND_FACTOR_WORDS =
  "This device's organization requires those who manage its doors to use a second factor. Add an authenticator app or a passkey in Settings > Security, then try again.";

/**
 * After the device policy allowed a managing action: the device's organization may require a
 * second factor (decideDeviceSecondFactor). One primary-key read, for managing actions only.
 */
export async function requireDeviceSecondFactor(ctx: Ctx, deviceId: number, action: DeviceAction): Promise<void> {
  if (!(await deviceSecondFactorOk(ctx, deviceId, action))) throw Forbidden(DEVICE_SECOND_FACTOR_WORDS);
}

/**
 * Whether the device's organization's second-factor rule lets the caller do a managing action:
 * for reads that use the managing level as a filter (the full access list) rather than a refusal.
 */
export async function deviceSecondFactorOk(ctx: Ctx, deviceId: number, action: DeviceAction): Promise<boolean> {
  if (!isManagingAction(action)) return true;
  const [row] = await ctx.db
    .select(secondFactorFactsSql(ctx.caller.userId))
    .from(devices)
    .where(eq(devices.id, deviceId))
    .limit(1);
  return decideDeviceSecondFactor(action, row).ok;
}

/**
 * What decideDeviceSecondFactor needs, as columns of a select from `devices` (by that name, not an
 * alias): whether the device's organization requires a second factor (false for a device of no
 * organization) and, only then, whether the caller has one. One definition for the read above and
 * for statements that fold it in. The names are written out: inside a select from one table drizzle
 * leaves its columns unqualified, and a subquery's own column of the same name would take their place.
 */
export function secondFactorFactsSql(userId: SQL | string) {
  const required = sql<boolean>`coalesce((select o.require_second_factor from ${organizations} o where o.id = "devices".organization_id), false)`;
  return {
    required,
    has: sql<boolean>`case when ${required} then (exists (select 1 from ${userTotp} t where t.user_id = ${userId} and t.confirmed_at is not null)
        or exists (select 1 from ${passkeys} p where p.user_id = ${userId})) else false end`,
  };
}

const ORG_REFUSAL: Record<OrgAction, string> = {
  see: 'Only members of this organization can do this.',
  manageGroups: 'Only organization administrators can manage user groups.',
  manageSites: 'Only organization administrators can manage its sites.',
  manageLinks: 'Only organization administrators can manage access links.',
  sendLinks: 'Only organization administrators can send access links.',
  permanentLink: 'Only the organization owner can do this.',
  manageWebhooks: 'Only organization administrators can manage its webhooks.',
  seeAudit: 'Only organization administrators can read its audit log.',
  manageSecurity: 'Only the organization owner can change its security rules.',
  manageBridges: 'Only organization administrators can add or remove bridges.',
};

/** An organization-wide action refused to an administrator limited to some sites (issue 35). */
export const SITE_LIMITED_ORG_WORDS =
  'Your administration in this organization is limited to some of its sites, and this reaches the whole organization: ask its owner or an administrator of all its sites.';

/** The sites a limited administrator may not touch, in words (issue 35). */
export const SITE_CHANGE_WORDS: Record<'create' | 'change' | 'move', string> = {
  create:
    'Your administration in this organization is limited to some of its sites, so you cannot create another: ask its owner.',
  change: 'Your administration in this organization is limited to some of its sites, and this is not one of them.',
  move: 'Your administration in this organization is limited to some of its sites: you can move devices only between those sites.',
};

/** decideSiteChange, as the typed error when it refuses. */
export function enforceSiteChange(
  m: OrgMembership,
  verb: 'create' | 'change' | 'move',
  touched: ReadonlyArray<number | null> = [],
): void {
  if (!decideSiteChange(m.siteIds, verb, touched).ok) throw Forbidden(SITE_CHANGE_WORDS[verb]);
}

/**
 * A group or a link the caller would change (its members, its devices, its window, the thing
 * itself) reaches these devices: an administrator limited to some sites changes it only when every
 * one of them is in those sites (issue 35; reading it stays). `what`: "this group", "this link".
 */
export async function enforceReach(db: Db, m: OrgMembership, deviceIds: number[], what: string): Promise<void> {
  if (m.siteIds === null || !deviceIds.length) return;
  const rows = await db
    .select({ siteId: devices.siteId })
    .from(devices)
    .where(anyInt(devices.id, [...new Set(deviceIds)]));
  if (
    !decideSiteChange(
      m.siteIds,
      'change',
      rows.map((r) => r.siteId),
    ).ok
  )
    throw Forbidden(
      `Your administration in this organization is limited to some of its sites, and ${what} reaches doors of another one: ask its owner or an administrator of that site.`,
    );
}

/** The refusal when the organization requires a second factor the caller has not set up. */
export const SECOND_FACTOR_WORDS =
  'This organization requires administrators to use a second factor. Add an authenticator app or a passkey in Settings > Security, then try again.';

/**
 * The caller's membership, when the policy allows `action` in the organization. Not a member:
 * 404 (the organization cannot be probed); a member without the role: 403, or 404 with
 * `hideBelow` (api-v37.md: access-link writes answer 404 to whoever may not manage them).
 */
export async function requireOrg(
  ctx: Ctx,
  organizationId: number,
  action: OrgAction,
  opts: { hideBelow?: boolean } = {},
): Promise<OrgMembership> {
  const m = await orgMembership(ctx, organizationId);
  const d = decideOrg(
    action,
    m?.role ?? null,
    m ? { required: m.requireSecondFactor, has: m.hasSecondFactor } : undefined,
    m?.siteIds,
  );
  if (d.ok) return m!;
  if (d.reason === 'unseen' || (opts.hideBelow && d.reason === 'level')) throw NotFound('Organization');
  if (d.reason === 'secondFactor') throw Forbidden(SECOND_FACTOR_WORDS);
  if (d.reason === 'site') throw Forbidden(SITE_LIMITED_ORG_WORDS);
  throw Forbidden(ORG_REFUSAL[action]);
}

const PEOPLE_REFUSAL: Record<
  Exclude<PeopleRefusal, 'unseen'>,
  { status: 'forbidden' | 'conflict'; say: (a: PeopleAct) => string }
> = {
  level: { status: 'forbidden', say: () => 'Only organization administrators can manage its people.' },
  ownerOnly: {
    status: 'forbidden',
    say: (a) =>
      a.verb === 'transferOwnership'
        ? 'Only the organization owner can hand ownership over.'
        : a.verb === 'invite' || a.verb === 'manageInvitation'
          ? 'Only the organization owner can invite administrators; invite them as members (role 0).'
          : a.verb === 'limitSites'
            ? "Only the organization owner can choose the sites a person's administration reaches."
            : 'Only the organization owner can make, change or remove administrators.',
  },
  owner: {
    status: 'forbidden',
    say: (a) =>
      a.verb === 'invite' || a.verb === 'manageInvitation'
        ? 'Nobody is invited as owner: an organization has exactly one; invite as member (2) or administrator (1), then hand ownership over.'
        : a.verb === 'limitSites'
          ? "The organization's owner reaches every site; only other people's administration can be limited to some."
          : "The organization's owner cannot be removed or demoted; the owner hands ownership over first.",
  },
  ownerLeaving: {
    status: 'conflict',
    say: () => 'The owner cannot leave the organization: hand ownership over to an administrator first.',
  },
  self: { status: 'forbidden', say: () => 'You cannot change your own role.' },
  notAdmin: {
    status: 'conflict',
    say: (a) =>
      a.verb === 'transferOwnership'
        ? 'Ownership goes to an administrator: make this person an administrator first.'
        : 'This person is not an administrator.',
  },
  notMember: { status: 'conflict', say: () => 'This person is already an administrator.' },
  secondFactor: { status: 'forbidden', say: () => SECOND_FACTOR_WORDS },
};

/** The organization's second-factor rule and the member's factors, as decidePeople takes them. */
export const factorOf = (m: OrgMembership | null) =>
  m ? { required: m.requireSecondFactor, has: m.hasSecondFactor } : undefined;

/** The policy's answer on the organization's people, as the typed error when it refuses. */
export function enforcePeople(act: PeopleAct): void {
  const d = decidePeople(act);
  if (d.ok) return;
  if (d.reason === 'unseen') throw NotFound('Organization');
  const r = PEOPLE_REFUSAL[d.reason];
  throw r.status === 'conflict' ? Conflict(r.say(act)) : Forbidden(r.say(act));
}

// ---- delegation -----------------------------------------------------------------------------------

/** A refused delegation as the typed error: 403 in words (the device's own routes answered 404 for it before). */
export function refuseDelegation(
  reason: DelegationRefusal,
  g: Grantor,
  now: Date,
  said: { device: string; what: string },
): never {
  // the grant (a link, a group, an invitation) is seen; the device it reaches may not be
  if (reason === 'unseen')
    throw Forbidden(
      `You cannot ${said.what}: you have no access to ${said.device} now, and nobody hands out more than they hold.`,
    );
  throw Forbidden(delegationWords(reason, g.access!, now, said));
}

/** decideDelegation, as the typed error when it refuses (`what`: "make this PIN", "see this link's URL"). */
export function enforceDelegation(g: Grantor, grant: GrantPower, now: Date, said: { device: string; what: string }) {
  const d = decideDelegation(g, grant, now);
  if (!d.ok) refuseDelegation(d.reason, g, now, said);
}

/** decideGrantChange, as the typed error when it refuses; whether the change widens the grant. */
export function enforceGrantChange(
  g: Grantor,
  prev: GrantPower | undefined,
  next: GrantPower,
  now: Date,
  said: { device: string; what: string },
): { widens: boolean } {
  const d = decideGrantChange(g, prev, next, now);
  if (!d.ok) refuseDelegation(d.reason, g, now, said);
  return { widens: d.widens };
}

/** The caller as a grantor on these devices: their effective access on each and their role in its organization. */
export async function grantorOn(ctx: Ctx, deviceIds: number[]): Promise<Map<number, Grantor & { device: string }>> {
  const now = ctx.now();
  const out = new Map<number, Grantor & { device: string }>();
  if (!deviceIds.length) return out;
  const access = await effectiveAccess(ctx.db, ctx.caller.userId, now, deviceIds);
  const rows = await ctx.db
    .select({
      id: devices.id,
      name: devices.name,
      organizationId: devices.organizationId,
      role: organizationUsers.role,
    })
    .from(devices)
    .leftJoin(
      organizationUsers,
      and(
        eq(organizationUsers.organizationId, devices.organizationId),
        eq(organizationUsers.userId, ctx.caller.userId),
      ),
    )
    .where(inArray(devices.id, deviceIds));
  for (const r of rows)
    out.set(r.id, {
      access: access.get(r.id),
      orgRole: r.role ?? null,
      inOrganization: r.organizationId !== null,
      device: r.name,
    });
  return out;
}
