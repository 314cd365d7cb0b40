import { beforeAll, describe, expect, it } from 'vitest';
import { LINK_LIMITS } from '@/lib/domain/accesslinks/guest';
import { api } from '../support/router';
import { createGate, orgWithCast } from '../support/factories/organization';

let token: string;
// fresh addresses per run: counters live in the database, which test runs may share
const addrOf = () => `2001:db8::${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
const guest = (path: string, addr: string) => api('GET', `/api/v37/link/${path}`, { headers: { 'x-forwarded-for': `${addr}, 192.0.2.1` } });

beforeAll(async () => {
  const c = await orgWithCast();
  const gate = await createGate(c.org.id);
  const res = await api('POST', `/api/v37/organization/${c.org.id}/accesslink`, { key: c.owner.key, body: { name: 'rl', deviceIds: [gate.id] } });
  token = res.json.result.url.split('/link/')[1];
});

describe('guessing tokens is rate-limited in the database', () => {
  it(`after ${LINK_LIMITS.misses.max} unknown tokens an address gets 429, even for a real token; other addresses are unaffected`, async () => {
    const addr = addrOf();
    for (let i = 0; i < LINK_LIMITS.misses.max; i++) expect((await guest(`guess${i}`.padEnd(43, 'x'), addr)).status).toBe(404);
    const blocked = await guest('one-more'.padEnd(43, 'y'), addr);
    expect(blocked.status).toBe(429);
    expect(blocked.json.errorMessages[0]).toMatch(/Too many attempts/);
    expect(blocked.headers.get('cache-control')).toBe('no-store');
    expect((await guest(token, addr)).status).toBe(429);
    expect((await guest(token, addrOf())).status).toBe(200);
  });

  it(`one address gets ${LINK_LIMITS.perClient.max} requests a minute, then 429`, async () => {
    const addr = addrOf();
    let ok = 0;
    let last = 0;
    for (let i = 0; i <= LINK_LIMITS.perClient.max; i++) {
      last = (await guest(token, addr)).status;
      if (last === 200) ok++;
    }
    // the window may roll over once during the loop; then a few more pass, never fewer
    expect(ok).toBeGreaterThanOrEqual(LINK_LIMITS.perClient.max);
    if (ok === LINK_LIMITS.perClient.max) expect(last).toBe(429);
  });
});
