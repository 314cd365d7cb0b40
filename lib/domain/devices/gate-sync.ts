import { config } from '@/lib/config';
import { logError } from '@/lib/log';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { AccessLevel, deviceAccess, devices, gateSyncRuns, PrincipalType, users } from '@/db/schema';
import { getGateway } from '@/lib/devices';
import { DeviceType } from '@/lib/shared/devices/codes';
import { periodicWorker } from '@/lib/workers';
import { effectiveAccess } from '../access/effective';
import type { Ctx } from '../context';
import { may } from '@/lib/shared/policy';
import { refreshGate } from './gates';
import { anyUuid } from '@/db/arrays';

/** The automatic full synchronization of an account is due this long after its last one. */
export const AUTO_SYNC_AFTER_MS = 24 * 3_600_000;
/** A worker's claim on an account; one left by a process that died expires by itself. */
const CLAIM_MS = 5 * 60_000;

/**
 * POST /my/gate/sync: every gate of the caller's account in the external gate system, one way (the
 * external system is only read). Gates of the account the service has are refreshed (absent there:
 * unlinked); gates the service does not have yet are added with the caller as their owner (also a
 * gate deleted here that is still there: it comes back as a new device). A gate of the account
 * that the caller may no longer manage (lib/shared/policy: manageDevice) is left as it is. The
 * next automatic full synchronization is due 24 h later.
 */
export async function syncAllGates(ctx: Ctx): Promise<void> {
  const me = ctx.caller.userId;
  const now = ctx.now();
  const external = await getGateway().listExternalGates(ctx.db, me);
  const mine = await ctx.db
    .select()
    .from(devices)
    .where(and(eq(devices.type, DeviceType.gate), eq(devices.externalAccount, me)));
  const access = await effectiveAccess(
    ctx.db,
    me,
    now,
    mine.map((g) => g.id),
  );
  const known = new Set(mine.map((g) => g.externalId));
  await ctx.db.transaction(async (tx) => {
    for (const g of mine) {
      if (!may('manageDevice', access.get(g.id), now)) continue;
      await refreshGate(tx, g.id, external.find((e) => e.externalId === g.externalId) ?? null, now);
    }
    for (const e of external.filter((x) => !known.has(x.externalId))) {
      const [gate] = await tx
        .insert(devices)
        .values({
          type: DeviceType.gate,
          serialNumber: `EXT-${e.externalId}`,
          name: e.name,
          timeZone: mine[0]?.timeZone ?? 'UTC',
          externalId: e.externalId,
          externalName: e.name,
          externalType: e.type,
          externalAccount: me,
          impulseLength: e.impulseLength,
          icon: 1,
          isConnected: e.isConnected,
          isPresentInExternal: true,
          softwareVersions: [{ softwareType: 0, version: e.firmware, updateAvailable: false }],
          created: now,
        })
        .returning({ id: devices.id });
      await tx.insert(deviceAccess).values({
        deviceId: gate.id,
        principalType: PrincipalType.user,
        userId: me,
        accessLevel: AccessLevel.owner,
        createdBy: me,
      });
    }
    await tx
      .insert(gateSyncRuns)
      .values({ userId: me, lastFullSync: now })
      .onConflictDoUpdate({ target: gateSyncRuns.userId, set: { lastFullSync: now, claimedUntil: null } });
  });
}

/**
 * Claims the accounts whose automatic full synchronization is due (24 h after the last one) and
 * runs it for each, as its user. The claim is a conditional update in the database (rows locked
 * by another claimer are skipped), so several server processes never synchronize one account at
 * the same time; a failed run keeps its claim until it expires and is tried again then.
 * `onlyUsers` limits a test's run to its own accounts (the database may be shared).
 */
export async function runDueGateSyncs(db: Db, now = new Date(), onlyUsers?: string[]): Promise<string[]> {
  const due = new Date(now.getTime() - AUTO_SYNC_AFTER_MS).toISOString();
  const only = onlyUsers ? sql`and ${anyUuid(sql`user_id`, onlyUsers)}` : sql``;
  const claimed = rowsOf<{ user_id: string }>(
    await db.execute(sql`
      update gate_sync_runs set claimed_until = ${new Date(now.getTime() + CLAIM_MS).toISOString()}::timestamptz
      where user_id in (
        select user_id from gate_sync_runs
        where last_full_sync <= ${due}::timestamptz and (claimed_until is null or claimed_until < ${now.toISOString()}::timestamptz) ${only}
        order by last_full_sync limit 10
        for update skip locked
      )
      returning user_id`),
  ).map((r) => r.user_id);
  if (!claimed.length) return [];
  const people = await db.select().from(users).where(inArray(users.id, claimed));
  const done: string[] = [];
  for (const u of people) {
    const ctx: Ctx = {
      db,
      now: () => now,
      caller: {
        userId: u.id,
        userNumId: u.numId,
        email: u.email,
        displayName: u.displayName,
        scopes: new Set(),
        via: 'session',
      },
    };
    try {
      await syncAllGates(ctx);
      done.push(u.id);
    } catch (e) {
      logError(`automatic gate sync of user ${u.id} failed`, e);
    }
  }
  return done;
}

/** Looks for due accounts every GATE_SYNC_CHECK_MS (default a minute), in every process. */
export const worker = periodicWorker(
  'gate-auto-sync',
  () => config().GATE_SYNC_CHECK_MS,
  (db) => runDueGateSyncs(db),
);
