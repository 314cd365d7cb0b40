import type { Db } from '@/db/client';
import { stillValidSql } from '@/lib/auth/keys';
import type { Caller, KeyCheck } from '@/lib/domain/context';
import { hit, hitAnd, type Hit } from '@/lib/domain/ratelimit';
import { policyOf, type Policy, type RateClass } from './ratelimit-policy';

/**
 * Counts the request against its account's budget: one statement, on one row per account and class.
 * A request running on a remembered key or session (`check`, lib/http/pipeline.ts) has it confirmed
 * in the same statement (`keyOk`): a read then needs no other round trip to be answered (issue 34).
 */
export async function spendApiBudget(
  db: Db,
  caller: Pick<Caller, 'userId' | 'via'>,
  cls: RateClass,
  now: Date,
  check?: KeyCheck,
): Promise<Hit & { policy: Policy; keyOk?: boolean }> {
  const policy = policyOf(caller.via, cls);
  const key = `api:${policy.name}:${caller.userId}`;
  if (!check) return { ...(await hit(db, key, policy, now, { sweep: false })), policy };
  const { also, ...h } = await hitAnd(db, key, policy, now, stillValidSql(check, now));
  return { ...h, policy, keyOk: also };
}
