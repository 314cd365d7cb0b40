import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { harness } from '@/lib/config/harness';
import { AccessLevel, deviceAccess } from '@/db/schema';
import { effectiveAccess } from '@/lib/domain/access/effective';
import { decide } from '@/lib/shared/policy';
import { hardware } from '../support/bridges';
import { createKeyFor } from '../support/factories/account';
import { addOrgUser, createOrg, createUser, db, grantUser } from '../support/factories/core';
import { createOrgLock } from '../support/factories/organization';
import { timeOfDay } from '../support/factories/schedule';
import { api } from '../support/router';

/**
 * Delegation chains (issue 29): the owner gives A an access, A gives B one, B gives C one (each
 * as asked, so the service may refuse what reaches beyond the giver), then A loses power (the owner
 * revokes or narrows A's access, or removes A from the organization; "end these too" or, now and
 * then, kept). At later instants every one of them tries the door, and the property is the issue's:
 * nobody opens what the chain's weakest link could not. Whoever opens at an instant, every giver
 * above them whose grant was not kept by the owner could open at that instant too (the policy's
 * `decide('open')` on that giver's access as it now stands in the database).
 *
 * Cheap on purpose (CHAINS_RUNS, default 12 runs of about 20 calls): it runs in CI on both databases.
 * Replay a failure with CHAINS_SEED (and CHAINS_PATH).
 */
const HOUR = 3_600_000;
const ZONES = ['Europe/Warsaw', 'America/New_York', 'Asia/Kolkata'];

interface Spec {
  level: 0 | 1;
  remoteOff: boolean;
  weekDays: number | null;
  /** minutes of the day [from, to); 'now': two hours around the moment it is given */
  window: [number, number] | 'now' | null;
  endAfterH: number;
  /** for B and C: ask for what the giver holds, narrowed (else what `spec` says, mostly beyond it) */
  within?: boolean;
  /** the narrowing: weekdays kept (a mask over the giver's) */
  keepDays?: number;
}
type Loss = { kind: 'revoke' } | { kind: 'remove' } | { kind: 'narrow'; spec: Spec };
interface Scenario {
  start: number;
  zone: string;
  a: Spec;
  b: Spec;
  c: Spec;
  loss: Loss;
  keep: boolean;
  probes: [number, number, number];
}

const halfHour = fc.integer({ min: 0, max: 47 }).map((h) => h * 30);
const spec = (level: fc.Arbitrary<0 | 1>): fc.Arbitrary<Spec> =>
  fc.record({
    level,
    remoteOff: fc.constantFrom(false, false, true),
    weekDays: fc.option(fc.integer({ min: 1, max: 127 }), { nil: null, freq: 3 }),
    // mostly a giver who holds the door now (else they give nothing, and the chain is short)
    window: fc.oneof(
      { weight: 2, arbitrary: fc.constant(null) },
      { weight: 3, arbitrary: fc.constant<'now'>('now') },
      { weight: 1, arbitrary: fc.tuple(halfHour, halfHour).filter(([x, y]) => x !== y) },
    ),
    endAfterH: fc.integer({ min: 2, max: 240 }),
    within: fc.constantFrom(true, true, true, false),
    keepDays: fc.integer({ min: 0, max: 127 }),
  });
const scenario: fc.Arbitrary<Scenario> = fc.record({
  start: fc.integer({ min: Date.UTC(2026, 5, 1), max: Date.UTC(2027, 11, 31) }),
  zone: fc.constantFrom(...ZONES),
  a: spec(fc.constant<1>(1)),
  b: spec(fc.constantFrom<0 | 1>(0, 1, 1)),
  c: spec(fc.constantFrom<0 | 1>(0, 1)),
  loss: fc.oneof(
    fc.constant<Loss>({ kind: 'revoke' }),
    fc.constant<Loss>({ kind: 'remove' }),
    spec(fc.constant<1>(1)).map((s): Loss => ({ kind: 'narrow', spec: s })),
  ),
  keep: fc.boolean().map((k) => k && Math.random() < 0.5),
  // right after the loss, within the hours around it, and days later
  probes: fc.tuple(fc.constant(0), fc.integer({ min: 1, max: 180 }), fc.integer({ min: 180, max: 96 * 60 })),
});

/** Today's weekday bit at `now` in `zone` (Monday 1 ... Sunday 64). */
const todayBit = (zone: string, now: Date) => 1 << (DateTime.fromJSDate(now, { zone }).weekday - 1);

/** A spec as given at `now`: a window 'now' becomes two hours around it, on today's weekday too. */
function concrete(zone: string, s: Spec, now: Date): Spec {
  if (s.window !== 'now') return s;
  const local = DateTime.fromJSDate(now, { zone });
  const m = local.hour * 60 + local.minute;
  return {
    ...s,
    window: [(m + 1440 - 60) % 1440, (m + 60) % 1440],
    weekDays: s.weekDays === null ? null : s.weekDays | todayBit(zone, now),
  };
}

/** What a giver holding `parent` asks for a `child` spec that says `within`: the giver's own, narrowed. */
function narrowed(parent: Spec, child: Spec): Spec {
  if (!child.within) return child;
  return {
    level: Math.min(parent.level, child.level) as 0 | 1,
    remoteOff: parent.remoteOff || child.remoteOff,
    weekDays: parent.weekDays === null ? null : parent.weekDays & (child.keepDays! | 0) || parent.weekDays,
    window: parent.window,
    endAfterH: Math.min(parent.endAfterH, child.endAfterH),
  };
}

/** A grant's body: starts now, its weekly part, and an end (a giver other than the organization's owner gives nothing without). */
function body(zone: string, s: Spec, now: Date) {
  const w = s.window === 'now' ? null : s.window;
  return {
    accessLevel: s.level,
    remoteAccessDisabled: s.remoteOff,
    endDate: new Date(now.getTime() + s.endAfterH * HOUR).toISOString(),
    dayStartTime: w ? timeOfDay(zone, w[0]).toISOString() : null,
    dayEndTime: w ? timeOfDay(zone, w[1]).toISOString() : null,
    weekDays: s.weekDays,
  };
}

interface Person {
  id: string;
  email: string;
  key: string;
}

describe('property: a delegation chain opens nothing its weakest link could not', () => {
  let owner: Person;
  let people: Person[];
  const stats = { chains: 0, givenOn: 0, refusedGrants: 0, opened: 0, refused: 0, kept: 0 };

  beforeAll(async () => {
    const forever = new Date('2100-01-01T00:00:00Z');
    const person = async (name: string) => {
      const u = await createUser({ displayName: name });
      return { id: u.id, email: u.email, key: (await createKeyFor(u.id, { validTo: forever })).key };
    };
    owner = await person('Chain owner');
    people = [await person('Chain A'), await person('Chain B'), await person('Chain C')];
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it('A gives B, B gives C, A loses power: whoever opens, every giver above them could open then too', async () => {
    const { CHAINS_SEED, CHAINS_RUNS: numRuns, CHAINS_PATH } = harness();
    const seed = CHAINS_SEED ?? Date.now() % 2_147_483_647;
    console.log(`chains seed ${seed}: replay with CHAINS_SEED=${seed}`);
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        vi.setSystemTime(s.start);
        const d = await db();
        const org = await createOrg({ timeZone: s.zone });
        await addOrgUser(org.id, owner.id, 2);
        const ou = [];
        for (const p of people) ou.push(await addOrgUser(org.id, p.id, 1));
        const lock = await createOrgLock(org.id, { timeZone: s.zone, name: 'Chain lock' });
        await grantUser(lock.id, owner.id, AccessLevel.owner);
        const url = `/api/v37/my/device/${lock.id}/access`;
        const log: string[] = [`start ${JSON.stringify({ ...s })}`];
        // the chain, as far as the service lets it be made
        const giver: (number | null)[] = [null, null, null]; // who gave each person their access
        const t = new Date();
        const a = concrete(s.zone, s.a, t);
        const b = narrowed(a, concrete(s.zone, s.b, t));
        const c = narrowed(b, concrete(s.zone, s.c, t));
        const specs = [a, b, c];
        for (let i = 0; i < 3; i++) {
          const from = i === 0 ? owner : people[i - 1];
          const r = await api('POST', url, {
            key: from.key,
            body: { principalType: 0, userEmail: people[i].email, ...body(s.zone, specs[i], new Date()) },
          });
          log.push(`${i === 0 ? 'owner' : 'ABC'[i - 1]} gives ${'ABC'[i]}: ${r.status}`);
          if (r.status === 201) {
            giver[i] = i - 1;
            if (i > 0) stats.givenOn++;
          } else {
            expect([403, 404], r.text).toContain(r.status);
            stats.refusedGrants++;
            break;
          }
        }
        // A loses power
        const [aAccess] = await d
          .select({ id: deviceAccess.id })
          .from(deviceAccess)
          .where(and(eq(deviceAccess.deviceId, lock.id), eq(deviceAccess.userId, people[0].id)));
        const keep = s.keep ? '?keepGrants=true' : '';
        const lost =
          s.loss.kind === 'revoke'
            ? await api('DELETE', `${url}/${aAccess.id}${keep}`, { key: owner.key })
            : s.loss.kind === 'remove'
              ? await api('DELETE', `/api/v37/organization/${org.id}/user/byorganizationuserid/${ou[0]}${keep}`, {
                  key: owner.key,
                })
              : await api('PUT', `${url}/${aAccess.id}${keep}`, {
                  key: owner.key,
                  body: body(s.zone, concrete(s.zone, s.loss.spec, new Date()), new Date()),
                });
        log.push(`A loses power (${s.loss.kind}${s.keep ? ', kept' : ''}): ${lost.status}`);
        expect([200, 201, 204], lost.text).toContain(lost.status);
        if (s.keep) stats.kept++;
        stats.chains++;
        // later, everyone tries the door
        const t0 = Date.now();
        for (const offset of s.probes) {
          const at = new Date(t0 + offset * 60_000);
          vi.setSystemTime(at);
          for (let i = 0; i < 3; i++) {
            // the lock is idle again (the previous unlock holds it a while): authorization is tested, not busyness
            const hw = hardware.lock(lock.id);
            if (hw) {
              hw.busyUntil = 0;
              hw.working = false;
            }
            const r = await api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock`, { key: people[i].key });
            if (r.status !== 202) {
              stats.refused++;
              continue;
            }
            stats.opened++;
            // every giver above them, unless the owner kept their grants (then the owner answers for them)
            if (s.keep) continue;
            for (let g = giver[i]; g !== null && g !== undefined && g >= 0; g = giver[g]) {
              const eff = (await effectiveAccess(d, people[g].id, at, [lock.id])).get(lock.id);
              const could = decide('open', eff, at).ok;
              if (!could)
                throw new Error(
                  `${'ABC'[i]} opened at ${at.toISOString()} though ${'ABC'[g]}, who gave the chain to them, could not (${JSON.stringify(eff)})\n${log.join('\n')}`,
                );
            }
          }
        }
      }),
      { seed, numRuns, path: CHAINS_PATH },
    );
    console.log(`chains: ${JSON.stringify(stats)}`);
    // not vacuous: chains were made beyond A, people opened and were refused
    expect(stats.givenOn).toBeGreaterThan(0);
    expect(stats.opened + stats.refused).toBeGreaterThan(numRuns);
  });
});
