import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { anyInt, anyUuid } from '@/db/arrays';
import { rowsOf, type Db } from '@/db/client';
import {
  deviceCertificates,
  devices,
  lockdownLocks,
  lockdownSuspensions,
  lockdowns,
  organizations,
  organizationUsers,
  users,
  type Lockdown,
} from '@/db/schema';
import { enqueueMail, mailLink, renderMail } from '@/lib/mail';
import {
  certificateCovered,
  decideLockdownControl,
  mayBeExempted,
  mayReadLockdownDetails,
  OrgRole,
} from '@/lib/shared/policy';
import { showsSomething } from '@/lib/shared/text';
import { effectiveAccess } from '../access/effective';
import { audit } from '../audit';
import { CERT_LIFETIME_MS } from '../certificates/reconcile';
import type { Ctx } from '../context';
import { Forbidden, Invalid, NotFound } from '../errors';
import { fmtZ } from '../format';
import { LOCK_TYPES } from '../devices/locks';
import { orgMembership, type OrgMembership } from '../organizations/roles';
import { SECOND_FACTOR_WORDS } from '../policy/enforce';
import { findSite } from '../sites/sites';

/**
 * Lockdowns (issue 35, docs/lockdown.md): an owner or an administrator of a site locks it down with a
 * reason (the owner may lock the whole organization down). Starting one, in one transaction: the
 * lockdown row (at most one active per site and per organization: a repeated start answers with the
 * active one), a row per lock for the lock command the worker sends (./worker.ts), a row per PIN of
 * those locks that the worker takes off the keypad, and the phones' offline certificates of those
 * doors revoked (except the exempt's), each recorded to restore exactly that on lifting. From the
 * commit on, every opening path refuses (./state.ts, lib/shared/policy: decideLockdown).
 */

export interface LockdownView {
  id: string;
  organizationId: number;
  /** null: the whole organization */
  siteId: number | null;
  siteName: string | null;
  /** the zone its times are told in: its site's, else its organization's */
  timeZone: string;
  reason: string;
  exemptUserIds: string[];
  startedBy: string | null;
  startedByName: string | null;
  startedAt: string;
  liftedBy: string | null;
  liftedAt: string | null;
  /** the lock command: how many locks, how many confirmed, and those that have not (yet) */
  locks: {
    total: number;
    locked: number;
    waiting: Array<{ deviceId: number; name: string; attempts: number; lastError: string | null }>;
  };
  /** what the lockdown holds back: PINs off their keypads (or waiting to be), phones' certificates */
  suspended: { pins: number; certificates: number };
}

const REASON_MAX = 500;

function cleanReason(reason: unknown): string {
  const r = typeof reason === 'string' ? reason.trim() : '';
  if (!r || !showsSomething(r)) throw Invalid('reason: say why, in a few words; people who are refused read it.');
  if (r.length > REASON_MAX) throw Invalid(`reason: at most ${REASON_MAX} characters.`);
  return r;
}

const CONTROL_WORDS = {
  level: 'Only the organization owner and its administrators can lock doors down.',
  ownerOnly: 'Only the organization owner can lock the whole organization down. Choose a site.',
  site: 'Your administration in this organization is limited to some of its sites, and this is not one of them.',
} as const;

/** The caller's membership when they may start or lift a lockdown of this scope (404 / 403 in words otherwise). */
async function requireControl(ctx: Ctx, organizationId: number, siteId: number | null): Promise<OrgMembership> {
  const m = await orgMembership(ctx, organizationId);
  const d = decideLockdownControl(m?.role ?? null, m?.siteIds ?? null, siteId);
  if (!d.ok) {
    if (d.reason === 'unseen') throw NotFound('Organization');
    throw Forbidden(CONTROL_WORDS[d.reason]);
  }
  if (m!.requireSecondFactor && !m!.hasSecondFactor) throw Forbidden(SECOND_FACTOR_WORDS);
  return m!;
}

/** The devices a lockdown covers: its organization's, of its site when it has one. */
const scopeWhere = (organizationId: number, siteId: number | null) =>
  and(eq(devices.organizationId, organizationId), siteId === null ? undefined : eq(devices.siteId, siteId))!;

/** The exempt must be administrators of the organization whose administration reaches the site. */
async function checkExempt(db: Db, organizationId: number, siteId: number | null, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  if (unique.length > 50) throw Invalid('exemptUserIds: at most 50 people.');
  const rows = await db
    .select({ userId: organizationUsers.userId, role: organizationUsers.role, siteIds: organizationUsers.siteIds })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.organizationId, organizationId), inArray(organizationUsers.userId, unique)));
  const ok = new Set(
    rows
      .filter(
        (r) =>
          mayBeExempted(r.role) && (siteId === null ? r.siteIds === null : (r.siteIds ?? [siteId]).includes(siteId)),
      )
      .map((r) => r.userId),
  );
  const bad = unique.filter((id) => !ok.has(id));
  if (bad.length)
    throw Invalid(
      `exemptUserIds: only administrators of ${siteId === null ? 'the whole organization' : 'this site'} can be let through a lockdown (the owner always is): ${bad.join(', ')}.`,
    );
  return unique;
}

/** The people a lockdown's mail goes to: the owner and the administrators whose administration reaches the scope. */
async function administratorsOf(db: Db, organizationId: number, siteId: number | null): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, role: organizationUsers.role, siteIds: organizationUsers.siteIds })
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(
      and(
        eq(organizationUsers.organizationId, organizationId),
        sql`${organizationUsers.role} >= ${OrgRole.administrator}`,
      ),
    );
  return rows
    .filter((r) => r.role >= OrgRole.owner || r.siteIds === null || (siteId !== null && r.siteIds.includes(siteId)))
    .map((r) => r.email);
}

async function mailAdministrators(
  tx: Db,
  ctx: Ctx,
  l: Pick<Lockdown, 'organizationId' | 'siteId' | 'reason'>,
  where: string,
  lifted: boolean,
): Promise<void> {
  const [org] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, l.organizationId));
  const who = ctx.caller.displayName;
  const body = renderMail({
    greeting: 'Hello,',
    paragraphs: lifted
      ? [
          `${who} lifted the lockdown of ${where}. Its doors open again as their accesses, links and PINs say; the PINs go back on the keypads as the locks are reached.`,
        ]
      : [
          `${who} locked ${where} down. Reason: ${l.reason}`,
          'Its locks are being locked. Until the lockdown is lifted, no access, access link, PIN or phone opens its doors, except for the owner and the administrators the lockdown names.',
        ],
    action: { label: lifted ? 'Open the portal' : 'See the lockdown', url: mailLink('/lockdown') },
    footer: `You got this mail because you administer ${where} in ${org?.name ?? 'this organization'}.`,
  });
  for (const to of await administratorsOf(tx, l.organizationId, l.siteId)) {
    await enqueueMail(
      tx,
      {
        to,
        subject: lifted ? `Lockdown lifted: ${where}` : `Lockdown: ${where}`,
        ...body,
        kind: 'notice',
        organizationName: org?.name,
      },
      ctx.now(),
    );
  }
}

/**
 * POST /organization/{id}/lockdown: locks a site (or, for the owner, the organization) down.
 * `created` false: a lockdown of this scope was already active, and that one is answered (a repeated
 * request, a balancer's retry, starts nothing twice).
 */
export async function startLockdown(
  ctx: Ctx,
  input: { organizationId: number; siteId: number | null; reason: string; exemptUserIds?: string[] },
): Promise<{ created: boolean; lockdown: LockdownView }> {
  await requireControl(ctx, input.organizationId, input.siteId);
  const reason = cleanReason(input.reason);
  const site = input.siteId === null ? null : await findSite(ctx, input.organizationId, input.siteId);
  const exempt = await checkExempt(ctx.db, input.organizationId, input.siteId, input.exemptUserIds ?? []);
  const now = ctx.now();
  const id = await ctx.db.transaction(async (tx) => {
    const [made] = await tx
      .insert(lockdowns)
      .values({
        organizationId: input.organizationId,
        siteId: input.siteId,
        reason,
        exemptUserIds: exempt,
        startedBy: ctx.caller.userId,
        startedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: lockdowns.id });
    if (!made) return null;
    const scope = scopeWhere(input.organizationId, input.siteId);
    // the doors' rows first, in id order (as every PIN write takes them): a PIN written meanwhile
    // commits before this sees the PINs, or after it and then sees the lockdown (pins/flow.ts)
    await tx.select({ id: devices.id }).from(devices).where(scope).orderBy(devices.id).for('update');
    await tx.execute(sql`
      insert into lockdown_locks (lockdown_id, device_id)
      select ${made.id}::uuid, d.id from devices d
      where d.organization_id = ${input.organizationId} ${input.siteId === null ? sql`` : sql`and d.site_id = ${input.siteId}`}
        and ${anyInt(sql.raw('d.type'), LOCK_TYPES)}`);
    await tx.execute(sql`
      insert into lockdown_suspensions (lockdown_id, kind, ref, device_id, on_lock)
      select ${made.id}::uuid, 'pin', p.id, p.device_id, 1 from lock_pins p join devices d on d.id = p.device_id
      where d.organization_id = ${input.organizationId} ${input.siteId === null ? sql`` : sql`and d.site_id = ${input.siteId}`}`);
    // phones stop too: their offline certificates for these doors are revoked, the exempt's and the owner's aside
    const keep = sql`(select ou.user_id from organization_users ou where ou.organization_id = ${input.organizationId} and ou.role >= ${OrgRole.owner})`;
    const revoked = await tx
      .update(deviceCertificates)
      .set({ revokedAt: now })
      .where(
        and(
          isNull(deviceCertificates.revokedAt),
          sql`${deviceCertificates.expirationDate} > ${now.toISOString()}::timestamptz`,
          inArray(deviceCertificates.deviceId, tx.select({ id: devices.id }).from(devices).where(scope)),
          sql`${deviceCertificates.userId} not in ${keep}`,
          exempt.length ? sql`not ${anyUuid(deviceCertificates.userId, exempt)}` : undefined,
        ),
      )
      .returning({ id: deviceCertificates.id, deviceId: deviceCertificates.deviceId });
    if (revoked.length) {
      await tx.insert(lockdownSuspensions).values(
        revoked.map((r) => ({
          lockdownId: made.id,
          kind: 'certificate',
          ref: r.id,
          deviceId: r.deviceId,
          onLock: 0,
        })),
      );
      await raiseCertListVersions(tx, [...new Set(revoked.map((r) => r.deviceId))], now);
    }
    const where = site ? site.name : 'the whole organization';
    await audit(tx, ctx, {
      action: 'lockdown.start',
      organizationId: input.organizationId,
      target: { type: 'lockdown', id: made.id, name: where },
      after: { siteId: input.siteId, reason, exemptUserIds: exempt },
    });
    await mailAdministrators(
      tx,
      ctx,
      { organizationId: input.organizationId, siteId: input.siteId, reason },
      where,
      false,
    );
    await lockdownEvents(
      tx,
      { id: made.id, organizationId: input.organizationId, siteId: input.siteId, reason },
      true,
      ctx.caller.userId,
      now,
    );
    return made.id;
  });
  if (id) return { created: true, lockdown: (await viewOf(ctx.db, id))! };
  const [active] = await ctx.db
    .select({ id: lockdowns.id })
    .from(lockdowns)
    .where(
      and(
        eq(lockdowns.organizationId, input.organizationId),
        input.siteId === null ? isNull(lockdowns.siteId) : eq(lockdowns.siteId, input.siteId),
        isNull(lockdowns.liftedAt),
      ),
    );
  if (!active) throw Invalid('The lockdown was lifted while it was being started again: start it once more.');
  return { created: false, lockdown: (await viewOf(ctx.db, active.id))! };
}

/**
 * One `device-lockdown-changed` webhook event per device the lockdown covers (docs/webhooks.md),
 * in the transaction of the change (the outbox), in one statement whatever their number.
 */
async function lockdownEvents(
  tx: Db,
  l: { id: string; organizationId: number; siteId: number | null; reason: string },
  lockdown: boolean,
  byUserId: string,
  at: Date,
): Promise<void> {
  const when = at.toISOString();
  await tx.execute(sql`
    insert into webhook_outbox (event, device_id, payload, created)
    select 'device-lockdown-changed', d.id, jsonb_build_object('event', 'device-lockdown-changed', 'timestamp', ${when}::text,
      'data', jsonb_build_object('deviceId', d.id, 'deviceType', d.type, 'lockdown', ${lockdown}::boolean, 'lockdownId', ${l.id}::text,
        'siteId', ${l.siteId}::int, 'reason', ${l.reason}::text, 'byUserId', ${byUserId}::text, 'eventTime', ${when}::text)),
      ${when}::timestamptz
    from devices d
    where d.organization_id = ${l.organizationId} ${l.siteId === null ? sql`` : sql`and d.site_id = ${l.siteId}`}`);
}

async function raiseCertListVersions(tx: Db, deviceIds: number[], now: Date) {
  if (!deviceIds.length) return;
  await tx
    .update(devices)
    .set({ certListVersion: sql`${devices.certListVersion} + 1`, certListUpdated: now })
    .where(inArray(devices.id, deviceIds));
}

/**
 * POST /organization/{id}/lockdown/{lockdownId}/lift: ends it (a lifted one is answered as it is).
 * The phones' certificates it revoked come back where their access still covers them (one revoked
 * for another reason meanwhile, or whose access ended, stays revoked); the PINs go back on their
 * keypads through the worker; the locks stay locked (lifting opens nothing).
 */
export async function liftLockdown(
  ctx: Ctx,
  input: { organizationId: number; lockdownId: string },
): Promise<LockdownView> {
  const l = await findLockdown(ctx, input.organizationId, input.lockdownId);
  await requireControl(ctx, input.organizationId, l.siteId);
  if (l.liftedAt) return (await viewOf(ctx.db, l.id))!;
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [lifted] = await tx
      .update(lockdowns)
      .set({ liftedAt: now, liftedBy: ctx.caller.userId })
      .where(and(eq(lockdowns.id, l.id), isNull(lockdowns.liftedAt)))
      .returning({ id: lockdowns.id });
    if (!lifted) return; // lifted by someone else a moment ago
    await restoreCertificates(tx, l.id, now);
    // PINs the worker had not taken off yet need nothing; the others go back through the worker
    await tx
      .delete(lockdownSuspensions)
      .where(
        and(
          eq(lockdownSuspensions.lockdownId, l.id),
          eq(lockdownSuspensions.kind, 'pin'),
          eq(lockdownSuspensions.onLock, 1),
        ),
      );
    const where = l.siteName ?? 'the whole organization';
    await audit(tx, ctx, {
      action: 'lockdown.lift',
      organizationId: input.organizationId,
      target: { type: 'lockdown', id: l.id, name: where },
      before: { reason: l.reason, startedAt: l.startedAt },
    });
    await mailAdministrators(tx, ctx, l, where, true);
    await lockdownEvents(tx, l, false, ctx.caller.userId, now);
  });
  return (await viewOf(ctx.db, l.id))!;
}

/** The certificates a lockdown revoked, back where the holder's access still covers them now. */
async function restoreCertificates(tx: Db, lockdownId: string, now: Date): Promise<void> {
  const held = await tx
    .select({
      id: deviceCertificates.id,
      deviceId: deviceCertificates.deviceId,
      userId: deviceCertificates.userId,
      accessLevel: deviceCertificates.accessLevel,
      expirationDate: deviceCertificates.expirationDate,
      revokedAt: deviceCertificates.revokedAt,
    })
    .from(lockdownSuspensions)
    .innerJoin(deviceCertificates, eq(deviceCertificates.id, lockdownSuspensions.ref))
    .where(and(eq(lockdownSuspensions.lockdownId, lockdownId), eq(lockdownSuspensions.kind, 'certificate')));
  const back: typeof held = [];
  const byUser = new Map<string, typeof held>();
  for (const c of held) {
    const list = byUser.get(c.userId);
    if (list) list.push(c);
    else byUser.set(c.userId, [c]);
  }
  for (const [userId, certs] of byUser) {
    const acc = await effectiveAccess(tx, userId, now, [...new Set(certs.map((c) => c.deviceId))]);
    for (const c of certs)
      if (c.expirationDate > now && certificateCovered(c, acc.get(c.deviceId), now, CERT_LIFETIME_MS)) back.push(c);
  }
  if (back.length) {
    await tx
      .update(deviceCertificates)
      .set({ revokedAt: null })
      .where(
        inArray(
          deviceCertificates.id,
          back.map((c) => c.id),
        ),
      );
    await raiseCertListVersions(tx, [...new Set(back.map((c) => c.deviceId))], now);
  }
  await tx
    .delete(lockdownSuspensions)
    .where(and(eq(lockdownSuspensions.lockdownId, lockdownId), eq(lockdownSuspensions.kind, 'certificate')));
}

interface Found extends Lockdown {
  siteName: string | null;
}

async function findLockdown(ctx: Ctx, organizationId: number, lockdownId: string): Promise<Found> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(lockdownId);
  const [l] = uuid
    ? await ctx.db
        .select({ l: lockdowns, siteName: sql<string | null>`(select name from sites where id = ${lockdowns.siteId})` })
        .from(lockdowns)
        .where(and(eq(lockdowns.id, lockdownId), eq(lockdowns.organizationId, organizationId)))
    : [];
  if (!l) {
    // members see the organization; outsiders learn nothing about it
    if (!(await orgMembership(ctx, organizationId))) throw NotFound('Organization');
    throw NotFound('Lockdown');
  }
  return { ...l.l, siteName: l.siteName };
}

/** GET /organization/{id}/lockdown/{lockdownId}: any member (they are refused by it, so they may read why). */
export async function getLockdown(ctx: Ctx, input: { organizationId: number; lockdownId: string }) {
  const l = await findLockdown(ctx, input.organizationId, input.lockdownId);
  const m = await orgMembership(ctx, input.organizationId);
  if (!m) throw NotFound('Organization');
  return forViewer((await viewOf(ctx.db, l.id))!, m);
}

/**
 * GET /organization/{id}/lockdown: the active lockdowns, then the lifted ones of the last 30 days
 * (`active` true: only active ones). Any member: the portal's banner reads it.
 */
export async function listLockdowns(
  ctx: Ctx,
  input: { organizationId: number; active?: boolean },
): Promise<LockdownView[]> {
  const m = await orgMembership(ctx, input.organizationId);
  if (!m) throw NotFound('Organization');
  const since = new Date(ctx.now().getTime() - 30 * 86_400_000);
  const rows = await ctx.db
    .select({ id: lockdowns.id })
    .from(lockdowns)
    .where(
      and(
        eq(lockdowns.organizationId, input.organizationId),
        input.active
          ? isNull(lockdowns.liftedAt)
          : sql`(${lockdowns.liftedAt} is null or ${lockdowns.liftedAt} > ${since.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(sql`(${lockdowns.liftedAt} is null) desc`, desc(lockdowns.startedAt))
    .limit(50);
  const out: LockdownView[] = [];
  for (const r of rows) out.push(forViewer((await viewOf(ctx.db, r.id))!, m));
  return out;
}

/** A lockdown as this member reads it: without the names of its locks and exempt people unless they administer its scope. */
function forViewer(v: LockdownView, m: OrgMembership): LockdownView {
  if (mayReadLockdownDetails(m.role, m.siteIds, v.siteId)) return v;
  return { ...v, exemptUserIds: [], locks: { ...v.locks, waiting: [] } };
}

/** How many waiting locks a view names (the rest are counted). */
const WAITING_SHOWN = 100;

async function viewOf(db: Db, id: string): Promise<LockdownView | null> {
  const [l] = await db
    .select({
      l: lockdowns,
      siteName: sql<string | null>`(select name from sites where id = ${lockdowns.siteId})`,
      startedByName: sql<string | null>`(select display_name from users where id = ${lockdowns.startedBy})`,
      timeZone: sql<string>`coalesce((select time_zone from sites where id = ${lockdowns.siteId}), (select time_zone from organizations where id = ${lockdowns.organizationId}))`,
    })
    .from(lockdowns)
    .where(eq(lockdowns.id, id));
  if (!l) return null;
  const [counts] = rowsOf<{ total: number; locked: number; pins: number; certificates: number }>(
    await db.execute(sql`select
      (select count(*)::int from lockdown_locks where lockdown_id = ${id}::uuid) as total,
      (select count(*)::int from lockdown_locks where lockdown_id = ${id}::uuid and locked_at is not null) as locked,
      (select count(*)::int from lockdown_suspensions where lockdown_id = ${id}::uuid and kind = 'pin') as pins,
      (select count(*)::int from lockdown_suspensions where lockdown_id = ${id}::uuid and kind = 'certificate') as certificates`),
  );
  const waiting = await db
    .select({
      deviceId: lockdownLocks.deviceId,
      name: devices.name,
      attempts: lockdownLocks.attempts,
      lastError: lockdownLocks.lastError,
    })
    .from(lockdownLocks)
    .innerJoin(devices, eq(devices.id, lockdownLocks.deviceId))
    .where(and(eq(lockdownLocks.lockdownId, id), isNull(lockdownLocks.lockedAt)))
    .orderBy(devices.name, devices.id)
    .limit(WAITING_SHOWN);
  const x = l.l;
  return {
    id: x.id,
    organizationId: x.organizationId,
    siteId: x.siteId,
    siteName: l.siteName,
    timeZone: l.timeZone,
    reason: x.reason,
    exemptUserIds: x.exemptUserIds,
    startedBy: x.startedBy,
    startedByName: l.startedByName,
    startedAt: fmtZ(x.startedAt)!,
    liftedBy: x.liftedBy,
    liftedAt: fmtZ(x.liftedAt),
    locks: { total: counts.total, locked: counts.locked, waiting: x.liftedAt ? [] : waiting },
    suspended: { pins: counts.pins, certificates: counts.certificates },
  };
}
