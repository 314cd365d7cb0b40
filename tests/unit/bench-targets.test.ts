import { describe, expect, it } from 'vitest';
import { checkTargets, type Row } from '@/bench/targets';

/** A row of a run on Postgres: the no-op at 600 req/s with a p99 of 100 ms beside it. */
const row = (name: string, rps: number, p99: number, more: Partial<Row> = {}): Row => ({
  db: 'postgres',
  name,
  rps,
  p50: 50,
  p99,
  errors: 0,
  requests: rps * 10,
  baselineRps: 600,
  baselineP99: 100,
  ...more,
});

/** The verdict and the target's words of `name` in the table `rows` make. */
function verdict(rows: Row[], name: string) {
  const line = checkTargets(rows)
    .table.split('\n')
    .find((l) => l.startsWith(`| postgres | ${name} |`))!;
  const cells = line.split(' | ');
  return { target: cells[8], result: cells[9].replace(' |', '') };
}

describe("the bench's targets are issue 34's", () => {
  it('a single read passes at 90 % of the no-op with a p99 within 1.5 × its p99, and fails at 89 %', () => {
    expect(verdict([row('GET lock by id', 540, 150)], 'GET lock by id')).toEqual({
      target: "≥90% of baseline; p99 ≤ 1.5 × the no-op's (150 ms)",
      result: 'PASS',
    });
    expect(verdict([row('GET lock by id', 534, 150)], 'GET lock by id').result).toBe('FAIL');
    expect(verdict([row('GET lock by id', 600, 151)], 'GET lock by id').result).toBe('FAIL');
  });

  it('a list passes at 60 %, not at 59 %; the guest page and its read at 50 %', () => {
    expect(verdict([row('GET access list (200)', 360, 120)], 'GET access list (200)').result).toBe('PASS');
    expect(verdict([row('GET access list (200)', 354, 120)], 'GET access list (200)').result).toBe('FAIL');
    expect(verdict([row('public link page', 300, 120)], 'public link page').result).toBe('PASS');
    expect(verdict([row("GET public link page's read", 294, 120)], "GET public link page's read").result).toBe('FAIL');
  });

  it('device details for 1,000 needs 25 % of the no-op and a p50 alone of at most 30 ms', () => {
    const details = (rps: number, alone: number) =>
      verdict([row('GET device details (1,000)', rps, 900, { serialP50: alone })], 'GET device details (1,000)');
    expect(details(150, 30)).toEqual({ target: '≥25% of baseline; p50 ≤ 30 ms alone (30 ms)', result: 'PASS' });
    expect(details(149, 10).result).toBe('FAIL');
    expect(details(300, 31).result).toBe('FAIL');
  });

  it('a write reports its share and fails only on errors; any error fails a read', () => {
    const grant = 'POST access grant (user, guest)';
    expect(verdict([row(grant, 60, 5000)], grant)).toEqual({ target: 'no errors; share reported', result: 'PASS' });
    expect(verdict([row(grant, 60, 500, { errors: 1 })], grant).result).toBe('FAIL');
    expect(verdict([row('GET lock sync', 600, 100, { errors: 1 })], 'GET lock sync').result).toBe('FAIL');
  });
});
