import { describe, expect, it } from 'vitest';
import { relative } from './time-text';

describe('relative (the one wording of relative time)', () => {
  const now = Date.parse('2026-11-30T12:00:00Z');
  const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();
  it('says how far a moment is, past and future, in the unit that fits', () => {
    expect(
      [-5, 20, -120, -3600 * 2, 3600 * 5, -86_400, -86_400 * 3, 86_400 * 45, -86_400 * 100, 86_400 * 800].map((s) =>
        relative(at(s), now),
      ),
    ).toEqual([
      'just now',
      'in a moment',
      '2 minutes ago',
      '2 hours ago',
      'in 5 hours',
      'yesterday',
      '3 days ago',
      'in 45 days',
      '3 months ago',
      'in 2 years',
    ]);
  });

  it('counts seconds under a minute where asked to', () => {
    expect([30, -12, 0.2, 59].map((s) => relative(at(s), now, { seconds: true }))).toEqual([
      'in 30 seconds',
      '12 seconds ago',
      'in a moment',
      'in 59 seconds',
    ]);
    expect(relative(at(3600), now, { seconds: true })).toBe('in 1 hour');
  });
});
