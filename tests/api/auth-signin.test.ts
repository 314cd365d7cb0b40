import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authorizeCredentials, TooManyAttempts } from '@/lib/auth/credentials';
import { RULES } from '@/lib/auth/throttle';
import { createUser, db } from '../support/factories/core';

/**
 * The portal's e-mail and password check behind next-auth (lib/auth/credentials.ts) and its
 * throttling (lib/auth/throttle.ts). Every test uses its own addresses and a clock of its own far
 * ahead, so counters of other tests (and runs: they live in the database) never meet.
 */
const addr = () => `198.51.100.${Math.floor(Math.random() * 250)}-${randomUUID()}`;
let clock = Date.UTC(2031, 0, 1) + Math.floor(Math.random() * 1e6) * 3_600_000;
const freshClock = () => new Date((clock += 7 * 86_400_000));
const later = (t: Date, seconds: number) => new Date(t.getTime() + seconds * 1000);

/** Strangers guessing the account as fast as they are let, 4 times from each of `addresses`; returns the clock after. */
async function strangersGuess(email: string, addresses: number, t: Date): Promise<Date> {
  for (let a = 0; a < addresses; a++) {
    const stranger = addr();
    for (let i = 0; i < 4; ) {
      const r = await attempt(email, `guess ${a}/${i}`, stranger, t);
      if (typeof r === 'number') t = later(t, r);
      else i++;
    }
  }
  return t;
}

async function attempt(email: string, password: string, address: string, now: Date): Promise<'ok' | 'wrong' | number> {
  try {
    return (await authorizeCredentials(await db(), { email, password, address }, now)) ? 'ok' : 'wrong';
  } catch (e) {
    if (e instanceof TooManyAttempts) return e.retryAfterSeconds;
    throw e;
  }
}

describe('sign-in with e-mail and password', () => {
  it('the right password gives the user; e-mail in any case, surrounding spaces ignored', async () => {
    const u = await createUser({ password: 'correct horse' });
    const got = await authorizeCredentials(await db(), {
      email: `  ${u.email.toUpperCase()} `,
      password: 'correct horse',
      address: addr(),
    });
    expect(got).toEqual({ id: u.id, email: u.email, name: u.displayName, numId: u.numId });
  });

  it('a wrong password, an unknown e-mail, empty or absurdly long fields give nothing', async () => {
    const u = await createUser({ password: 'correct horse' });
    const d = await db();
    const address = addr();
    expect(await authorizeCredentials(d, { email: u.email, password: 'Correct horse', address })).toBeNull();
    expect(
      await authorizeCredentials(d, { email: `nobody-${u.id}@test.local`, password: 'correct horse', address }),
    ).toBeNull();
    expect(await authorizeCredentials(d, { email: '', password: 'x', address })).toBeNull();
    expect(await authorizeCredentials(d, { email: u.email, password: '', address })).toBeNull();
    expect(await authorizeCredentials(d, { email: undefined, password: undefined, address })).toBeNull();
    expect(await authorizeCredentials(d, { email: u.email, password: 'x'.repeat(2000), address })).toBeNull();
  });
});

describe('sign-in throttling: growing delays per account and address, never a lockout', () => {
  it('from one address, after 5 failures each attempt waits 1, 2, 4 ... s, at most 15 minutes, even with the right password', async () => {
    const u = await createUser({ password: 'right' });
    const me = addr();
    let t = freshClock();
    for (let i = 0; i < RULES.pair.free; i++) expect(await attempt(u.email, `wrong ${i}`, me, t)).toBe('wrong');
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const w = await attempt(u.email, 'right', me, t);
      expect(typeof w, `attempt ${i}`).toBe('number');
      waits.push(w as number);
      t = later(t, w as number);
      expect(await attempt(u.email, 'wrong again', me, t)).toBe('wrong');
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    // once the delay has run, the right password works, and the slate is clean again
    t = later(t, 900);
    expect(await attempt(u.email, 'right', me, t)).toBe('ok');
    for (let i = 0; i < RULES.pair.free; i++) expect(await attempt(u.email, `typo ${i}`, me, t)).toBe('wrong');
  }, 60_000);

  it('strangers failing from many addresses make the rightful user wait at most 30 s, never longer', async () => {
    const u = await createUser({ password: 'right' });
    // 60 failures on the account, 4 from each of 15 addresses: no pair or address reaches its own delay
    const t = await strangersGuess(u.email, 15, freshClock());
    const mine = addr();
    const wait = await attempt(u.email, 'right', mine, t);
    expect(wait).toBe(RULES.account.capSeconds);
    expect(await attempt(u.email, 'right', mine, later(t, RULES.account.capSeconds))).toBe('ok');
  }, 60_000);

  it('from an address the user signed in from before, strangers elsewhere do not make them wait at all', async () => {
    const u = await createUser({ password: 'right' });
    const home = addr();
    const start = freshClock();
    expect(await attempt(u.email, 'right', home, start)).toBe('ok');
    const t = await strangersGuess(u.email, 10, start);
    expect(typeof (await attempt(u.email, 'right', addr(), t))).toBe('number'); // a new address waits
    expect(await attempt(u.email, 'right', home, t)).toBe('ok');
  }, 60_000);

  it('one address trying many accounts is slowed down after 20 failures; other addresses are not', async () => {
    const spray = addr();
    const t = freshClock();
    for (let i = 0; i < RULES.address.free; i++)
      expect(await attempt(`nobody-${randomUUID()}@test.local`, 'Summer2031!', spray, t)).toBe('wrong');
    expect(await attempt(`nobody-${randomUUID()}@test.local`, 'Summer2031!', spray, t)).toBe(1);
    const u = await createUser({ password: 'right' });
    expect(await attempt(u.email, 'right', addr(), t)).toBe('ok');
  });

  it('attempts sent at once are counted one after the other: no burst gets more than the free ones through', async () => {
    const u = await createUser({ password: 'right' });
    const me = addr();
    const t = freshClock();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => attempt(u.email, `burst ${i}`, me, t)));
    expect(results.filter((r) => r === 'wrong')).toHaveLength(RULES.pair.free);
    expect(results.filter((r) => typeof r === 'number')).toHaveLength(12 - RULES.pair.free);
  });

  it('a right password is no failure: signing in again and again never slows anyone down', async () => {
    const u = await createUser({ password: 'right' });
    const me = addr();
    const t = freshClock();
    for (let i = 0; i < RULES.address.free + 2; i++) expect(await attempt(u.email, 'right', me, t)).toBe('ok');
  });
});
