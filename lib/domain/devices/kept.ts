import type { Db } from '@/db/client';
import { perDb } from '@/db/prepared';
import { DeviceType, isLockType } from '@/lib/shared/devices/codes';
import type { Ctx } from '../context';
import { devicesByIds, type Stamped } from './load';
import { lockShape, springsBackAt } from './lock-shape';
import { bridgeShape, doorSensorShape, gateShape } from './other-shapes';
import { CALLER_FIELDS, callerPart, type CallerField, type Loaded, type ShapeOptions } from './shape';

/**
 * Device answers kept between requests (issue 34: `/my/device/details` for 1,000 devices spent its
 * time reading, mapping and writing out forty columns a device, for answers that seldom change).
 *
 * A kept answer is a device's JSON text with the caller's fields (CALLER_FIELDS: their access,
 * their own settings, what they asked to be added) left open, filled per request. It is good while
 * the device's row is the version it was built from (devices.version: a new number from a sequence
 * on every change of the row, by any process; never the same number twice, even for a change rolled
 * back), its bridge's link is as it was, and, for a pulled lock, until its spring time passes. So
 * a server reads five small columns a device and builds only what changed; whether the caller sees a
 * device at all, and with what access, is read anew on every request. Kept in each server's memory
 * per database handle, at most MAX_KEPT devices (the oldest go first): a cache, never the record.
 */
interface Kept {
  version: string;
  bridgeConnected: boolean | null;
  /** ms since the epoch from which the answer would read otherwise by itself (a pulled lock's spring) */
  until: number;
  /** the answer's members around the caller's fields: texts[0], fields[0], texts[1], ..., texts[n] */
  texts: string[];
  fields: CallerField[];
}

/** A kind of answer kept (each its own shape and its own map): a device in the details, a lock in the lock list. */
export interface KeptKind {
  name: string;
  shape: (x: Loaded, now: Date, o: ShapeOptions) => object;
}

/** About 1 KB each: 20 MB for an organization of 10,000 devices read by one server, per kind */
const MAX_KEPT = 20_000;
const keptOf = perDb(() => new Map<string, Map<number, Kept>>());

/** Every caller's field present, so that a kept answer has a place for each. */
const EVERY: ShapeOptions = { includeUserSettings: true, includeAccessories: true };

/** A device of any kind in its kind's answer. */
export function shapeOf(x: Loaded, now: Date, o: ShapeOptions = {}): object {
  if (isLockType(x.d.type)) return lockShape(x, now, o);
  if (x.d.type === DeviceType.bridge) return bridgeShape(x);
  if (x.d.type === DeviceType.gate) return gateShape(x, o.includeUserSettings);
  return doorSensorShape(x, o.includeUserSettings);
}

/** A device in GET /my/device/details */
export const DETAILS_ANSWER: KeptKind = { name: 'details', shape: shapeOf };

function build(kind: KeptKind, x: Loaded, now: Date): Kept {
  const texts: string[] = [];
  const fields: CallerField[] = [];
  let members: string[] = [];
  for (const [key, value] of Object.entries(kind.shape(x, now, EVERY))) {
    if (CALLER_FIELDS.has(key)) {
      texts.push(members.join(','));
      fields.push(key as CallerField);
      members = [];
    } else if (value !== undefined) members.push(`${JSON.stringify(key)}:${JSON.stringify(value)}`);
  }
  texts.push(members.join(','));
  const back = springsBackAt(x.d);
  return {
    version: String(x.d.version),
    bridgeConnected: x.bridgeConnected,
    until: back !== null && back > now.getTime() ? back : Number.POSITIVE_INFINITY,
    texts,
    fields,
  };
}

function render(k: Kept, s: Stamped, o: ShapeOptions): string {
  const parts: string[] = [];
  if (k.texts[0]) parts.push(k.texts[0]);
  for (let i = 0; i < k.fields.length; i++) {
    const value = callerPart(k.fields[i], s.type, s, o);
    if (value !== undefined) parts.push(`"${k.fields[i]}":${JSON.stringify(value)}`);
    if (k.texts[i + 1]) parts.push(k.texts[i + 1]);
  }
  return `{${parts.join(',')}}`;
}

const good = (k: Kept | undefined, s: Stamped, now: number): k is Kept =>
  k !== undefined && k.version === s.version && k.bridgeConnected === s.bridgeConnected && now < k.until;

/** The answers of keptAnswers, and until when they hold by themselves (the earliest pulled lock's spring; ms). */
export interface KeptAnswers {
  answers: Array<{ device: Stamped; text: string }>;
  until: number;
}

/**
 * Each of `stamped` (visible devices, loadVisibleStamps) with its answer's JSON text, in their order:
 * the kept ones filled in, the others read in full in one query, built and kept. `store` is the
 * database whose kept answers these are (the request's own, when `ctx.db` is a transaction of it).
 */
export async function keptAnswers(
  ctx: Ctx,
  kind: KeptKind,
  stamped: Stamped[],
  o: ShapeOptions,
  store: Db = ctx.db,
): Promise<KeptAnswers> {
  const maps = keptOf(store);
  let kept = maps.get(kind.name);
  if (!kept) maps.set(kind.name, (kept = new Map()));
  const now = ctx.now();
  const at = now.getTime();
  // this request's answers, apart from the shared map (whose oldest may go while this one adds)
  const mine = new Map<number, Kept>();
  const missing: Stamped[] = [];
  for (const s of stamped) {
    const k = kept.get(s.id);
    if (good(k, s, at)) mine.set(s.id, k);
    else missing.push(s);
  }
  if (missing.length) {
    const byId = new Map(missing.map((s) => [s.id, s]));
    const types = [...new Set(missing.map((s) => s.type))];
    for (const row of await devicesByIds(ctx, [...byId.keys()], types)) {
      const s = byId.get(row.id)!;
      // the row may be newer than its stamp: kept for its own version, and the answer shows it
      const k = build(kind, { d: row.d, access: s.access, bridgeConnected: row.bridgeConnected }, now);
      if (kept.size >= MAX_KEPT && !kept.has(row.id)) kept.delete(kept.keys().next().value!);
      kept.set(row.id, k);
      mine.set(row.id, k);
    }
  }
  // a device deleted between the two reads is left out, as the next read would
  const shown = stamped.filter((s) => mine.has(s.id));
  return {
    answers: shown.map((s) => ({ device: s, text: render(mine.get(s.id)!, s, o) })),
    until: shown.reduce((m, s) => Math.min(m, mine.get(s.id)!.until), Number.POSITIVE_INFINITY),
  };
}
