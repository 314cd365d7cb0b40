import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { doorTimetables } from '@/db/schema';
import {
  isLocalDate,
  nextSlot,
  nextWords,
  ruleProblem,
  ruleWords,
  type Slot,
  type TimetableRule,
} from '@/lib/shared/timetable';
import { audit } from '../audit';
import type { Ctx } from '../context';
import { Invalid, NotFound } from '../errors';
import { fmtZ } from '../format';
import { LOCK_TYPES } from '../devices/locks';
import { requireDevice } from '../policy/enforce';

/**
 * A lock's weekly timetable (issue 35, docs/lockdown.md "Timetables"): whoever sees the lock reads
 * it and its next change; its owner and administrators set it (policy 'manageDevice', so a
 * site-limited administrator only on their sites' locks). The timetable worker (./worker.ts) sends
 * the commands; a lockdown holds its unlocks back.
 */

export interface TimetableView {
  deviceId: number;
  enabled: boolean;
  rules: TimetableRule[];
  exceptions: string[];
  /** the zone its times are read in: the lock's site's, else the lock's own */
  timeZone: string;
  /** the next scheduled change, or null (none within four weeks, or disabled) */
  next: { at: string; action: 'unlock' | 'lock' } | null;
  updated: string | null;
}

interface Head {
  zone: string;
  type: number;
}

/** The zone a lock's timetable is read in, and that it is a lock (404 otherwise). */
async function lockHead(db: Db, deviceId: number): Promise<Head> {
  const [h] = rowsOf<Head>(
    await db.execute(sql`select coalesce(s.time_zone, d.time_zone) as zone, d.type from devices d
      left join sites s on s.id = d.site_id where d.id = ${deviceId}`),
  );
  if (!h || !LOCK_TYPES.includes(h.type)) throw NotFound('Lock');
  return h;
}

function viewOf(
  deviceId: number,
  zone: string,
  t: typeof doorTimetables.$inferSelect | undefined,
  now: Date,
): TimetableView {
  // in the API's field order (jsonb keeps its own)
  const rules = (t?.rules ?? []).map((r) => ({ days: r.days, at: r.at, action: r.action }));
  const exceptions = t?.exceptions ?? [];
  const next: Slot | null = t?.enabled ? nextSlot({ rules, exceptions }, zone, now) : null;
  return {
    deviceId,
    enabled: t?.enabled ?? false,
    rules,
    exceptions,
    timeZone: zone,
    next: next ? { at: next.due.toISOString(), action: next.action } : null,
    updated: fmtZ(t?.updated ?? null),
  };
}

/** What a lock's page says of its timetable, in words (null: it has none). */
export interface TimetableSummary {
  enabled: boolean;
  /** "Unlock Mon–Fri at 08:00" ... */
  rules: string[];
  /** "Unlocks Monday 30 Nov at 08:00 (Warsaw time)", or null */
  next: string | null;
}

export async function timetableSummary(db: Db, deviceId: number, now: Date): Promise<TimetableSummary | null> {
  const [t] = await db.select().from(doorTimetables).where(eq(doorTimetables.deviceId, deviceId));
  if (!t) return null;
  const { zone } = await lockHead(db, deviceId);
  const next = t.enabled ? nextSlot({ rules: t.rules, exceptions: t.exceptions }, zone, now) : null;
  return { enabled: t.enabled, rules: t.rules.map(ruleWords), next: next ? nextWords(next, zone) : null };
}

/** GET /my/lock/{id}/timetable: the lock's timetable (empty and disabled when it has none). */
export async function getTimetable(ctx: Ctx, deviceId: number): Promise<TimetableView> {
  await requireDevice(ctx, deviceId, 'see', { kind: 'Lock' });
  const head = await lockHead(ctx.db, deviceId);
  const [t] = await ctx.db.select().from(doorTimetables).where(eq(doorTimetables.deviceId, deviceId));
  return viewOf(deviceId, head.zone, t, ctx.now());
}

const MAX_RULES = 28;
const MAX_EXCEPTIONS = 100;

function check(input: { rules: TimetableRule[]; exceptions: string[] }) {
  if (input.rules.length > MAX_RULES) throw Invalid(`rules: at most ${MAX_RULES}.`);
  input.rules.forEach((r, i) => {
    const p = ruleProblem(r);
    if (p) throw Invalid(`rules[${i}]: ${p}.`);
  });
  const seen = new Set<string>();
  for (const r of input.rules) {
    const key = `${r.days}/${r.at}/${r.action}`;
    if (seen.has(key)) throw Invalid(`rules: "${r.action} at ${r.at}" is given twice.`);
    seen.add(key);
  }
  if (input.exceptions.length > MAX_EXCEPTIONS) throw Invalid(`exceptions: at most ${MAX_EXCEPTIONS} dates.`);
  const bad = input.exceptions.filter((d) => !isLocalDate(d));
  if (bad.length) throw Invalid(`exceptions: dates as YYYY-MM-DD: ${bad.join(', ')}.`);
}

/**
 * PUT /my/lock/{id}/timetable: sets the whole timetable (rules, resting dates, enabled). Setting the
 * same again changes nothing and records nothing. Changes already due before this moment are not
 * sent afterwards (the worker starts from the change).
 */
export async function setTimetable(
  ctx: Ctx,
  deviceId: number,
  input: { enabled: boolean; rules: TimetableRule[]; exceptions: string[] },
): Promise<TimetableView> {
  const access = await requireDevice(ctx, deviceId, 'manageDevice', { kind: 'Lock', doing: 'set its timetable' });
  const head = await lockHead(ctx.db, deviceId);
  check(input);
  const rules = input.rules.map((r) => ({ days: r.days, at: r.at, action: r.action }));
  const exceptions = [...new Set(input.exceptions)].sort();
  const now = ctx.now();
  const t = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(doorTimetables).where(eq(doorTimetables.deviceId, deviceId)).for('update');
    // jsonb keeps its own key order: the rules are compared field by field
    const key = (rs: TimetableRule[]) => JSON.stringify(rs.map((r) => [r.days, r.at, r.action]));
    const same =
      before &&
      before.enabled === input.enabled &&
      key(before.rules) === key(rules) &&
      JSON.stringify(before.exceptions) === JSON.stringify(exceptions);
    if (same) return before;
    const [row] = await tx
      .insert(doorTimetables)
      .values({ deviceId, enabled: input.enabled, rules, exceptions, updatedBy: ctx.caller.userId, updated: now })
      .onConflictDoUpdate({
        target: doorTimetables.deviceId,
        set: { enabled: input.enabled, rules, exceptions, updatedBy: ctx.caller.userId, updated: now },
      })
      .returning();
    await audit(tx, ctx, {
      action: 'device.timetable',
      deviceId,
      target: { type: 'lock', id: deviceId, name: access.deviceName ?? null },
      before: before ? { enabled: before.enabled, rules: before.rules, exceptions: before.exceptions } : null,
      after: { enabled: input.enabled, rules, exceptions },
    });
    return row;
  });
  return viewOf(deviceId, head.zone, t, now);
}

/** DELETE /my/lock/{id}/timetable: the lock follows no timetable any more (204; none is fine). */
export async function deleteTimetable(ctx: Ctx, deviceId: number): Promise<void> {
  const access = await requireDevice(ctx, deviceId, 'manageDevice', { kind: 'Lock', doing: 'change its timetable' });
  await lockHead(ctx.db, deviceId);
  await ctx.db.transaction(async (tx) => {
    const gone = await tx.delete(doorTimetables).where(eq(doorTimetables.deviceId, deviceId)).returning();
    if (gone.length)
      await audit(tx, ctx, {
        action: 'device.timetable',
        deviceId,
        target: { type: 'lock', id: deviceId, name: access.deviceName ?? null },
        before: { enabled: gone[0].enabled, rules: gone[0].rules, exceptions: gone[0].exceptions },
        after: null,
      });
  });
}
