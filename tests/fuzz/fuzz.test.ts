import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness } from '@/lib/config/harness';
import { onPostgres } from '@/tests/support/config';
import type { Db } from '@/db/client';
import { hardwareActivity as simTimerActivity } from '../support/bridges';
import { routeSpecOf } from '@/lib/http/route';
import { db } from '../support/factories/core';
import { api, routeFiles, type ApiResponse } from '../support/router';
import { freshStore, type Store } from '../resilience/support';
import { checksums, diffChecksums, installChangeLog, takeChanges, type Change } from './changes';
import { BAD_AUTH, BAD_IDS, bodyInputs, jsonSchemaOf, queryInputs, rng, short, type Rng } from './inputs';
import { makeWorld, type World } from './world';

/**
 * Issue 21, item 5: hostile input at volume. Every route file under app/api and every method it
 * serves (and the ones it does not) gets requests generated from its own zod schemas
 * (tests/fuzz/inputs.ts): bad path ids, bad and odd query names and values, missing, extra,
 * wrong-typed and out-of-bound fields, huge and odd unicode strings, malformed JSON, wrong content
 * types, bad credentials. At least 10,000 requests on each database (CI runs this file on PGlite
 * and on Postgres). For each answer:
 *  - never 5xx;
 *  - every refusal (4xx) in the envelope: JSON, success false, its status, readable messages;
 *  - it is what the OpenAPI document says (the router checks every answer);
 *  - a refused request changed no row: a row trigger on every table logs each insert, update and
 *    delete (tests/fuzz/changes.ts), read after each request; and per operation, when nothing in
 *    the batch was accepted, the row counts and checksums of every table are equal before and after.
 * Set FUZZ_SEED to replay a run (the seed is printed).
 */
const SEED = harness().FUZZ_SEED ?? Date.now() % 1_000_000;
const MIN_REQUESTS = 10_000;
/**
 * Each served operation is brought up to this many attempts by mixed ones (a bad id, an odd query
 * and a broken body at once): they add combinations, not kinds of input. At 80 a run made 20,960
 * requests (170 s on PGlite here, 773 s in CI's busier Postgres leg); at 48, 19,286 (155 s): most
 * operations have more than 48 attempts of their own kinds already.
 */
const ATTEMPTS_PER_OPERATION = 48;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * What a refused request may still write, and why. Nothing else may change.
 */
const WRITES_OF_REFUSALS: Record<string, string> = {
  // rate limits count attempts, refused ones first of all: that is what stops guessing
  rate_limits: 'budgets count refused attempts (lib/http/ratelimit.ts)',
  // a wrong password (re-authentication, recovery codes) counts toward the lockout (lib/auth/sign-in-failures)
  sign_in_failures: 'failed password checks count toward the lockout',
};

/**
 * A column a refused request may still write, alone: a key's last use, stamped once a minute on
 * any request it signs (lib/auth/keys.ts), refused or not. A run longer than a minute meets it.
 */
const STAMPS: Record<string, string> = { personal_access_keys: 'last_used_at' };

/**
 * Route files this in-process run cannot call: next-auth's handler reads the request's cookies
 * through Next.js's request scope, which exists only inside a running server. It is fuzzed in one
 * (tests/fuzz/nextauth.test.ts).
 */
const NOT_IN_PROCESS = new Set(['/api/auth/[...nextauth]']);

/** Routes whose accepted requests start device work that writes after the answer (commands settling). */
const SETTLES = /\/operation\/|\/sync|\/open$|\/api\/sim\/|\/pin|\/keypad|\/access|\/test$|\/redeliver$/;

interface Attempt {
  method: string;
  url: string;
  what: string;
  body?: unknown;
  headers?: Record<string, string>;
  authorization?: string;
  /** no Authorization at all */
  anonymous?: boolean;
}

interface Finding {
  route: string;
  attempt: string;
  problem: string;
}

let store: Store | undefined;
let d: Db;
let tables: string[] = [];
const findings: Finding[] = [];
let sent = 0;
/** refused requests whose window a simulated device's own timer also wrote in (not attributable) */
let overlapped = 0;
const statusCounts = new Map<number, number>();

const pg = onPostgres();

describe(`hostile input at volume (${pg ? 'Postgres' : 'PGlite'}, seed ${SEED})`, () => {
  beforeAll(async () => {
    // on Postgres a database of its own: the row triggers must see this file's requests only
    if (pg) {
      store = await freshStore(`fuzz_${process.pid}`);
      await store.use();
    }
    d = await db();
    tables = await installChangeLog(d);
  }, 300_000);
  afterAll(async () => {
    await store?.drop();
  }, 60_000);

  const files = routeFiles('api').filter((f) => !NOT_IN_PROCESS.has(f.pattern));
  for (const f of files) {
    it(`${f.pattern}`, { timeout: 300_000 }, async () => {
      const mod = (await import(f.file)) as Record<string, unknown>;
      const r = rng(SEED ^ hash(f.pattern));
      let world: World | undefined;
      for (const method of METHODS) {
        // a world of its own for each method served after a write (a DELETE that worked leaves
        // nothing for the next); a GET leaves its world as it found it, so the next one reuses it
        if (!world || (mod[method] && world.spent)) {
          world = await makeWorld();
          await takeChanges(d);
        }
        const attempts = mod[method]
          ? attemptsFor(f.pattern, method, mod[method], world, r)
          : notServed(f.pattern, method, world);
        // whole-table checksums for the batches of methods served (the row triggers watch every request)
        await runBatch(f.pattern, attempts, world, !!mod[method]);
        if (mod[method] && method !== 'GET') world.spent = true;
      }
      const mine = findings.filter((x) => x.route === f.pattern);
      expect(
        mine.slice(0, 25).map((x) => `${x.attempt}: ${x.problem}`),
        `${mine.length} findings`,
      ).toEqual([]);
    });
  }

  it(`sent at least ${MIN_REQUESTS} requests over every route file`, () => {
    console.log(
      `fuzz (seed ${SEED}): ${sent} requests, ${findings.length} findings, ${overlapped} refusals unchecked (a device timer wrote in their window); statuses ${[
        ...statusCounts,
      ]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
    );
    const report = harness().FUZZ_REPORT;
    if (findings.length && report) writeFileSync(report, findings.map((x) => JSON.stringify(x)).join('\n'));
    expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
  });
});

const hash = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 7);

function urlFor(pattern: string, world: World, replace?: { name: string; value: string }): string {
  return pattern.replace(/\[(\.\.\.)?([^\]]+)\]/g, (_, rest: string | undefined, name: string) => {
    if (replace?.name === name) return replace.value;
    if (rest) return 'no/such/path';
    return encodeURIComponent(world.param(pattern, name) ?? '1');
  });
}

function attemptsFor(pattern: string, method: string, handler: unknown, world: World, r: Rng): Attempt[] {
  const spec = routeSpecOf(handler);
  const body = jsonSchemaOf(spec?.body);
  const query = jsonSchemaOf(spec?.query);
  const hasBody = method !== 'GET';
  const bodies = hasBody ? bodyInputs(body, r) : [];
  const plausible = bodies[0]?.body;
  const url = urlFor(pattern, world);
  const out: Attempt[] = [];
  const names = [...pattern.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map((m) => m[1]);
  for (const name of names)
    for (const value of BAD_IDS)
      out.push({
        method,
        url: urlFor(pattern, world, { name, value }),
        what: `path ${name}=${short(value)}`,
        body: plausible,
      });
  for (const q of queryInputs(query, r)) out.push({ method, url: url + q, what: `query ${short(q)}`, body: plausible });
  for (const b of bodies) out.push({ method, url, what: `body: ${b.what}`, body: b.body, headers: b.headers });
  if (spec?.scopes !== 'public') {
    out.push({ method, url, what: 'no credentials', body: plausible, anonymous: true });
    for (const a of BAD_AUTH)
      out.push({ method, url, what: `Authorization ${short(a)}`, body: plausible, authorization: a });
  }
  // mixed: a bad id, an odd query and a broken body at once, until the operation has had its share
  while (out.length < ATTEMPTS_PER_OPERATION) {
    const name = names.length ? r.pick(names) : undefined;
    const b = bodies.length ? r.pick(bodies) : undefined;
    const q = r.pick(queryInputs(query, r));
    const u = name ? urlFor(pattern, world, { name, value: r.pick(BAD_IDS) }) : url;
    out.push({
      method,
      url: u + q,
      what: `mixed ${short(u + q)} ${b ? b.what : ''}`,
      body: b?.body,
      headers: b?.headers,
    });
  }
  return out;
}

/** A method the route does not serve: 405 in the envelope (or the catch-all's 404). */
function notServed(pattern: string, method: string, world: World): Attempt[] {
  const url = urlFor(pattern, world);
  return [
    { method, url, what: 'method not served', body: method === 'GET' ? undefined : { a: 1 } },
    { method, url: url + '?zz=1', what: 'method not served, odd query', anonymous: true },
  ];
}

async function runBatch(pattern: string, attempts: Attempt[], world: World, checkTables: boolean) {
  await timersDone();
  // what the hardware was still delivering when the last batch or the world's setup ended has landed
  // now: it belongs to no request of this batch (it was taken for the first one's, twice in CI)
  await takeChanges(d);
  const firedBefore = simTimerActivity().fired;
  const before = checkTables ? await checksums(d, tables, STAMPS) : {};
  let accepted = 0;
  let fired = firedBefore;
  // whether an event was still being delivered around a request (the batch's tables then moved by themselves)
  let busy = false;
  for (const a of attempts) {
    // what a device did by itself since the last request's check belongs to no request
    while (simTimerActivity().fired !== fired) {
      fired = simTimerActivity().fired;
      await timersDone();
      await takeChanges(d);
    }
    const label = `${a.method} ${a.url.length > 120 ? a.url.slice(0, 117) + '…' : a.url} [${a.what}]`;
    // an event still being delivered (timersDone gives up after its bound, as on a busy CI machine)
    // writes in this request's window too
    const deliveringBefore = simTimerActivity().running > 0;
    busy ||= deliveringBefore;
    let res: ApiResponse;
    try {
      res = await api(a.method, a.url, {
        key: a.anonymous || a.authorization !== undefined ? undefined : world.owner.key,
        authorization: a.authorization || undefined,
        body: a.body,
        headers: a.headers,
        clientAddress: `2001:db8:f::${(sent % 0xffff).toString(16)}`,
      });
    } catch (e) {
      // the router's own check against the OpenAPI document, or a handler that threw
      findings.push({ route: pattern, attempt: label, problem: String(e).slice(0, 400) });
      sent++;
      await settle();
      continue;
    }
    sent++;
    statusCounts.set(res.status, (statusCounts.get(res.status) ?? 0) + 1);
    if (res.status >= 500)
      findings.push({ route: pattern, attempt: label, problem: `answered ${res.status}: ${res.text.slice(0, 300)}` });
    else if (res.status >= 400) {
      const problem = envelopeProblem(res);
      if (problem) findings.push({ route: pattern, attempt: label, problem });
    }
    if (res.status >= 200 && res.status < 400) {
      accepted++;
      // what an accepted request writes is its business; an accepted command may still be settling on the simulated device
      if (SETTLES.test(pattern) && a.method !== 'GET') await settle();
      else await takeChanges(d);
      continue;
    }
    await timersDone();
    const changed = unexpected(await takeChanges(d));
    // A simulated device acts by itself seconds after a command (the latch let go after a pull,
    // an auto lock): when one of its timers fired in this request's window, or one of its events was
    // still being delivered, the window's writes cannot be told apart, so this one request goes
    // unchecked (counted, and printed at the end).
    busy ||= simTimerActivity().running > 0;
    if (deliveringBefore || simTimerActivity().running > 0 || simTimerActivity().fired !== fired) {
      if (changed.length) overlapped++;
      continue;
    }
    if (changed.length)
      findings.push({
        route: pattern,
        attempt: label,
        problem: `refused with ${res.status} but changed ${changed.map((c) => `${c.tbl} (${c.op}: ${c.row.slice(0, 160)})`).join('; ')}`,
      });
  }
  if (accepted === 0 && checkTables && !busy && simTimerActivity().fired === firedBefore) {
    const moved = diffChecksums(before, await checksums(d, tables, STAMPS), new Set(Object.keys(WRITES_OF_REFUSALS)));
    if (moved.length)
      findings.push({
        route: pattern,
        attempt: `${pattern} (${attempts[0]?.method}, whole batch refused)`,
        problem: `tables changed: ${moved.join(', ')}`,
      });
  }
}

const unexpected = (changes: Change[]) =>
  changes.filter((c) => !(c.tbl in WRITES_OF_REFUSALS) && !(c.op === 'UPDATE' && c.cols === STAMPS[c.tbl]));

function envelopeProblem(res: ApiResponse): string | undefined {
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith('application/json'))
    return `${res.status} not JSON (${type || 'no content type'}): ${res.text.slice(0, 200)}`;
  const j = res.json as { success?: unknown; statusCode?: unknown; errorMessages?: unknown } | null;
  if (!j || j.success !== false || j.statusCode !== res.status)
    return `${res.status} not in the envelope: ${res.text.slice(0, 200)}`;
  if (
    !Array.isArray(j.errorMessages) ||
    !j.errorMessages.length ||
    !j.errorMessages.every((m) => typeof m === 'string' && m.length > 0 && m.length < 2000)
  )
    return `${res.status} without readable messages: ${res.text.slice(0, 200)}`;
  return undefined;
}

/** Waits until the work of every simulator timer that has fired is done (bounded: 10 s). */
async function timersDone() {
  for (let i = 0; i < 500 && simTimerActivity().running > 0; i++) await new Promise((r) => setTimeout(r, 20));
}

/** Waits until nothing has been written for a moment (a command settling), then forgets those writes. */
async function settle() {
  let quiet = 0;
  for (let i = 0; i < 40 && quiet < 2; i++) {
    await new Promise((r) => setTimeout(r, 60));
    quiet = (await takeChanges(d)).length ? 0 : quiet + 1;
  }
}
