import { beforeAll, describe, expect, it } from 'vitest';
import { LINK_LIMITS } from '@/lib/domain/accesslinks/guest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import { api } from '../support/router';
import { AccessLevel } from '@/db/schema';
import { db, grantUser } from '../support/factories/core';
import { createGate, orgWithCast } from '../support/factories/organization';

let token: string;
let linkId: string;
/** the link's hits in its current window, as the database counts them */
const linkHits = async () =>
  rowsOf<{ count: number }>(
    await (await db()).execute(sql`select count from rate_limits where key = ${`link:${linkId}`}`),
  )[0]?.count ?? 0;
// fresh addresses per run: counters live in the database, which test runs may share
const addrOf = () =>
  `2001:db8::${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
/** Waits for a new fixed window when less than 15 s of this one are left, so a loop of requests stays in one window. */
async function oneWindow(windowSeconds: number) {
  const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
  if (left < 15_000) await new Promise((r) => setTimeout(r, left + 50));
}
const guest = (path: string, addr: string) =>
  api('GET', `/api/v37/link/${path}`, { headers: { 'x-forwarded-for': `${addr}, 192.0.2.1` } });

beforeAll(async () => {
  const c = await orgWithCast();
  const gate = await createGate(c.org.id);
  await grantUser(gate.id, c.owner.id, AccessLevel.owner);
  const res = await api('POST', `/api/v37/organization/${c.org.id}/accesslink`, {
    key: c.owner.key,
    body: { name: 'rl', deviceIds: [gate.id] },
  });
  token = res.json.result.url.split('/link/')[1];
  linkId = res.json.result.id;
});

describe('guessing tokens is rate-limited in the database', () => {
  it(`after ${LINK_LIMITS.misses.max} unknown tokens an address gets 429, even for a real token; other addresses are unaffected`, async () => {
    const addr = addrOf();
    for (let i = 0; i < LINK_LIMITS.misses.max; i++)
      expect((await guest(`guess${i}`.padEnd(43, 'x'), addr)).status).toBe(404);
    const blocked = await guest('one-more'.padEnd(43, 'y'), addr);
    expect(blocked.status).toBe(429);
    expect(blocked.json.errorMessages[0]).toMatch(/Too many attempts/);
    expect(blocked.headers.get('cache-control')).toBe('no-store');
    // a client slowed down reaches no link: its requests do not spend the link's budget
    const hits = await linkHits();
    expect((await guest(token, addr)).status).toBe(429);
    expect((await guest(`${token}/page`, addr)).status).toBe(429);
    expect(await linkHits()).toBe(hits);
    expect((await guest(token, addrOf())).status).toBe(200);
    expect(await linkHits()).toBe(hits + 1);
  });

  it(`one address gets ${LINK_LIMITS.perClient.max} requests a minute, then 429`, async () => {
    const addr = addrOf();
    await oneWindow(LINK_LIMITS.perClient.windowSeconds);
    const statuses: number[] = [];
    for (let i = 0; i <= LINK_LIMITS.perClient.max; i++) statuses.push((await guest(token, addr)).status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(LINK_LIMITS.perClient.max);
    expect(statuses.at(-1)).toBe(429);
  }, 30_000);

  it(`one link gets ${LINK_LIMITS.perLink.max} requests a minute from all addresses together, then 429; other links are unaffected`, async () => {
    const c = await orgWithCast();
    const gate = await createGate(c.org.id);
    await grantUser(gate.id, c.owner.id, AccessLevel.owner);
    const made = async () =>
      (
        await api('POST', `/api/v37/organization/${c.org.id}/accesslink`, {
          key: c.owner.key,
          body: { name: 'busy', deviceIds: [gate.id] },
        })
      ).json.result.url.split('/link/')[1] as string;
    const [busy, quiet] = [await made(), await made()];
    await oneWindow(LINK_LIMITS.perLink.windowSeconds);
    const statuses: number[] = [];
    for (let i = 0; i <= LINK_LIMITS.perLink.max; i++) statuses.push((await guest(busy, addrOf())).status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(LINK_LIMITS.perLink.max);
    const limited = await guest(busy, addrOf());
    expect([statuses.at(-1), limited.status]).toEqual([429, 429]);
    expect(limited.json.errorMessages[0]).toMatch(/used very often/);
    expect((await guest(quiet, addrOf())).status).toBe(200);
  }, 30_000);
});
