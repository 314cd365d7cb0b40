import type { Db } from '@/db/client';
import type { Caller } from '@/lib/domain/context';
import { hit, type Hit } from '@/lib/domain/ratelimit';
import { policyOf, type Policy, type RateClass } from './ratelimit-policy';

/** Counts the request against its account's budget: one statement, on one row per account and class. */
export function spendApiBudget(
  db: Db,
  caller: Pick<Caller, 'userId' | 'via'>,
  cls: RateClass,
  now: Date,
): Promise<Hit & { policy: Policy }> {
  const policy = policyOf(caller.via, cls);
  return hit(db, `api:${policy.name}:${caller.userId}`, policy, now, { sweep: false }).then((h) => ({ ...h, policy }));
}
