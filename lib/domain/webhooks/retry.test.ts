import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, RETRY_DELAYS_S, retryDelayMs } from './retry';

describe('retry schedule', () => {
  it('grows and spans about a day', () => {
    for (let i = 1; i < RETRY_DELAYS_S.length; i++)
      expect(RETRY_DELAYS_S[i]).toBeGreaterThanOrEqual(RETRY_DELAYS_S[i - 1]);
    const hours = RETRY_DELAYS_S.reduce((a, b) => a + b, 0) / 3600;
    expect(hours).toBeGreaterThan(20);
    expect(hours).toBeLessThan(28);
  });

  it('adds +-20 % jitter and ends after the last attempt', () => {
    expect(retryDelayMs(1, () => 0)).toBe(4000);
    expect(retryDelayMs(1, () => 1)).toBe(6000);
    expect(retryDelayMs(2, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(MAX_ATTEMPTS - 1, () => 0.5)).toBe(RETRY_DELAYS_S.at(-1)! * 1000);
    expect(retryDelayMs(MAX_ATTEMPTS, () => 0.5)).toBeNull();
  });
});
