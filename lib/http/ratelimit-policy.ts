import { config } from '@/lib/config';
import type { Caller } from '@/lib/domain/context';
import type { Hit, Limit } from '@/lib/domain/ratelimit';

/**
 * The API's budgets per account (docs/security.md, "Rate limits"), as Tedee's
 * (docs/source/api-rate-limiting.rst): API_RATE_LIMIT requests (default 700) per
 * API_RATE_WINDOW_SECONDS (default 3600) for everything a key does, and a budget of its own,
 * API_RATE_LIMIT_COMMANDS (default 300), for the commands that open or lock (unlock, lock, pull,
 * gate unlock), so polling can never spend what opening a door needs. The portal's own calls
 * (a signed-in person's session) count apart, API_RATE_LIMIT_PORTAL_FACTOR (default 20) times the
 * key's budgets: a person clicking never gets near it, a script driving a session does.
 * Public routes (access links, sign-up) have their own limits (lib/domain/accesslinks/guest.ts,
 * lib/domain/signup/limit.ts). Each request costs one upsert ... returning
 * (lib/http/ratelimit.ts). This file holds no database code: the proxy's answers name the policy too.
 */
export type RateClass = 'api' | 'commands';

export interface Policy extends Limit {
  /** the policy's name in the RateLimit-Policy and RateLimit headers */
  name: string;
}

/** The budget of a caller's class of request; read from the environment on each use (tests change it). */
export function policyOf(via: Caller['via'], cls: RateClass): Policy {
  const c = config();
  const windowSeconds = c.API_RATE_WINDOW_SECONDS;
  const base = cls === 'commands' ? c.API_RATE_LIMIT_COMMANDS : c.API_RATE_LIMIT;
  if (via === 'key') return { name: cls, max: base, windowSeconds };
  return { name: `portal-${cls}`, max: base * c.API_RATE_LIMIT_PORTAL_FACTOR, windowSeconds };
}

/**
 * The IETF httpapi draft's headers (draft-ietf-httpapi-ratelimit-headers): `RateLimit-Policy`
 * names the caller's policies (q = quota, w = window in seconds), `RateLimit` the one this request
 * counted against (r = what is left, t = seconds until it is whole again).
 */
export function rateLimitHeaders(via: Caller['via'], counted?: Hit & { policy: Policy }): Record<string, string> {
  const item = (p: Policy) => `"${p.name}";q=${p.max};w=${p.windowSeconds}`;
  const out: Record<string, string> = {
    'ratelimit-policy': [item(policyOf(via, 'api')), item(policyOf(via, 'commands'))].join(', '),
  };
  if (counted) out.ratelimit = `"${counted.policy.name}";r=${counted.remaining};t=${counted.resetSeconds}`;
  return out;
}

/** The 429's words: which budget, and when it is whole again. */
export function overBudgetMessage(counted: Hit & { policy: Policy }): string {
  const what = counted.policy.name.endsWith('commands') ? 'commands that open or lock' : 'requests';
  const per = counted.policy.windowSeconds === 3600 ? 'per hour' : `per ${counted.policy.windowSeconds} seconds`;
  const wait =
    counted.resetSeconds < 90 ? `${counted.resetSeconds} seconds` : `${Math.ceil(counted.resetSeconds / 60)} minutes`;
  return `Too many ${what} for this account (${counted.policy.max} ${per}). Try again in ${wait}.`;
}
