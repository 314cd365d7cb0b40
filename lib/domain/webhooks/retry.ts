/**
 * Retry schedule: growing delays after each failed attempt, about a day in all (~23.6 h), each
 * with +-20 % jitter so endpoints that failed together are not hit together again.
 */
export const RETRY_DELAYS_S = [5, 30, 120, 600, 1800, 3600, 7200, 14400, 28800, 28800];
export const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;
/** consecutive failed attempts after which a subscription shows as failing */
export const FAILING_AFTER = 5;

/** Delay before the next attempt after `attemptsDone` attempts, or null when there is none left. */
export function retryDelayMs(attemptsDone: number, random: () => number = Math.random): number | null {
  const base = RETRY_DELAYS_S[attemptsDone - 1];
  if (base === undefined) return null;
  return Math.round(base * 1000 * (0.8 + 0.4 * random()));
}
