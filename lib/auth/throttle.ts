import { lt, sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import { rowsOf, type Db } from '@/db/client';
import { signInFailures } from '@/db/schema';
import { keyedHash } from '@/lib/crypto/secrets';

/**
 * Sign-in throttling (docs/security.md, "Sessions and sign-in"): growing delays, never a lockout.
 * Failures are counted in the database under four keys at once, so every server process shares
 * them. A key allows `free` failures; after that the next attempt must wait 2^(n - free) seconds
 * after the latest one (1, 2, 4, ... s), at most `cap`. A key is forgotten after `window` quiet.
 *
 * - account and address together (`pair`): the long delays (up to 15 minutes). Only someone at the
 *   same address as the rightful user can cause them.
 * - account alone: 10 free, then at most 30 s: one account guessed at from many addresses.
 * - address alone: 20 free, then up to 15 minutes: one address trying many accounts.
 * - in total: failures of the whole service per minute. Above SIGNIN_SURGE of them (an attack from many
 *   addresses) pairs and addresses get fewer free attempts (2 and 5).
 * A pair that signed in successfully in the last 30 days is known (`known` key): for it only its
 * own pair key counts, so strangers elsewhere cannot make the rightful user wait at all from an
 * address they used before, and at most 30 s per attempt from a new one.
 */
export interface Rule {
  free: number;
  /** free failures while the whole service is under a surge of failures */
  surgeFree: number;
  capSeconds: number;
  windowSeconds: number;
}

export const RULES = {
  pair: { free: 5, surgeFree: 2, capSeconds: 15 * 60, windowSeconds: 60 * 60 },
  account: { free: 10, surgeFree: 10, capSeconds: 30, windowSeconds: 15 * 60 },
  address: { free: 20, surgeFree: 5, capSeconds: 15 * 60, windowSeconds: 60 * 60 },
  // counts, never delays by itself
  total: { free: 1_000_000_000, surgeFree: 1_000_000_000, capSeconds: 0, windowSeconds: 60 },
} satisfies Record<string, Rule>;

/** Failures in one minute of the whole service from which pairs and addresses get fewer free attempts. */
export const surge = () => config().SIGNIN_SURGE;

export class TooManyAttempts extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many failed sign-in attempts. Try again in ${wait(retryAfterSeconds)}.`);
  }
}

const wait = (s: number) => (s < 90 ? `${s} second${s === 1 ? '' : 's'}` : `${Math.ceil(s / 60)} minutes`);

export interface AttemptKeys {
  pair: string;
  account: string;
  address: string;
  total: string;
  /** marks the pair as known (a success in the last KNOWN_DAYS) */
  known: string;
}

const COUNTED = ['pair', 'account', 'address', 'total'] as const;
/** How long a successful pair stays known. */
export const KNOWN_DAYS = 30;

/** The keys of an attempt: keyed hashes, so the table holds neither e-mails nor addresses. */
export function attemptKeys(email: string, address: string, now: Date): AttemptKeys {
  const account = keyedHash(email.trim().toLowerCase(), 'signin-account');
  const addr = keyedHash(address, 'signin-address');
  const pair = keyedHash(`${account}/${addr}`, 'signin-pair');
  return {
    pair: `pair:${pair}`,
    known: `known:${pair}`,
    account: `account:${account}`,
    address: `address:${addr}`,
    // fixed windows of a minute: one row per minute
    total: `total:${Math.floor(now.getTime() / 60_000)}`,
  };
}

/**
 * Counts an attempt as a failure before the password is checked, unless one of its keys still
 * asks to wait: then nothing is counted and TooManyAttempts says how long. A right password then
 * takes the count back (`forgive`). Attempts sent at once are decided one after the other: the
 * keys' rows exist first (a statement that only inserts the missing ones), then one statement
 * locks them, computes the wait and raises the counts only when there is none.
 */
export async function countAttempt(db: Db, keys: AttemptKeys, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.execute(sql`
    insert into sign_in_failures (key, failures, last_at, reset_at)
    select unnest(${sql`array[${sql.join(
      COUNTED.map((k) => sql`${keys[k]}`),
      sql`, `,
    )}]::text[]`}), 0, '-infinity', '-infinity'
    on conflict (key) do nothing`);
  const values = sql.join(
    COUNTED.map((kind) => {
      const r = RULES[kind];
      // a known pair is judged by its own key alone
      return sql`(${keys[kind]}, ${r.free}::int, ${r.surgeFree}::int, ${r.capSeconds}::int, ${r.windowSeconds}::int, ${kind === 'pair' || kind === 'total'}::boolean)`;
    }),
    sql`, `,
  );
  const [row] = rowsOf<{ due: string | Date | null }>(
    await db.execute(sql`
      with k(key, free, surge_free, cap, win, always) as (values ${values}),
      cur as (
        select t.key, t.failures, t.last_at, t.reset_at from sign_in_failures t
        where t.key in (select key from k) order by t.key for update
      ),
      known as (select exists (select 1 from sign_in_failures where key = ${keys.known} and reset_at > ${at}::timestamptz) as yes),
      seen as (
        select k.key, k.free, k.surge_free, k.cap, k.win, k.always, cur.last_at,
          case when cur.reset_at > ${at}::timestamptz then cur.failures else 0 end as n
        from k left join cur on cur.key = k.key
      ),
      surge as (select coalesce(max(n), 0) >= ${surge()} as active from seen where key = ${keys.total}),
      rules as (select seen.*, case when (select active from surge) then surge_free else free end as allowed from seen),
      due as (
        select max(last_at + least(cap, power(2, n - allowed)) * interval '1 second') as at
        from rules where n >= allowed and (always or not (select yes from known))
      ),
      counted as (
        insert into sign_in_failures (key, failures, last_at, reset_at)
        select key, 1, ${at}::timestamptz, ${at}::timestamptz + win * interval '1 second' from rules
        where coalesce((select at from due), '-infinity') <= ${at}::timestamptz
        on conflict (key) do update set
          failures = case when sign_in_failures.reset_at > excluded.last_at then sign_in_failures.failures + 1 else 1 end,
          last_at = excluded.last_at,
          reset_at = excluded.reset_at
        returning 1
      )
      select (select at from due) as due, (select count(*) from counted) as counted`),
  );
  const due = row?.due ? new Date(row.due) : null;
  if (due && due > now) throw new TooManyAttempts(Math.max(1, Math.ceil((due.getTime() - now.getTime()) / 1000)));
  if (Math.random() < 0.01) await db.delete(signInFailures).where(lt(signInFailures.resetAt, now));
}

/**
 * The password was right: the attempt was no failure. The pair starts afresh and is known from now
 * on; the other keys take their count back.
 */
export async function forgive(db: Db, keys: AttemptKeys, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.execute(sql`
    with gone as (delete from sign_in_failures where key = ${keys.pair}),
    known as (
      insert into sign_in_failures (key, failures, last_at, reset_at)
      values (${keys.known}, 0, ${at}::timestamptz, ${at}::timestamptz + ${KNOWN_DAYS} * interval '1 day')
      on conflict (key) do update set last_at = excluded.last_at, reset_at = excluded.reset_at
    )
    update sign_in_failures set failures = greatest(failures - 1, 0) where key in (${keys.account}, ${keys.address}, ${keys.total})`);
}
