import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aliasProblem, generatePin, pinProblem, type PinRule } from './rules';

/**
 * The rules stated a second time, differently (regexes and substring tests instead of loops),
 * so a mistake in one statement shows up as a disagreement with the other.
 */
function expectedRule(s: unknown): PinRule | null {
  if (typeof s !== 'string' || /^\s*$/.test(s)) return 'required';
  if (!(s.length >= 5 && s.length <= 8)) return 'length';
  if (!/^[0-9]+$/.test(s)) return 'digits';
  if ('0123456789'.split('').filter((d) => s.includes(d)).length < 3) return 'distinct';
  if ('0123456789'.includes(s) || '9876543210'.includes(s)) return 'sequence';
  return null;
}

const digit = fc.constantFrom(...'0123456789'.split(''));
const digits = (min: number, max: number) => fc.array(digit, { minLength: min, maxLength: max }).map((a) => a.join(''));
/** consecutive runs up or down, of any length and start, sometimes with one digit changed */
const run = fc
  .record({ start: fc.integer({ min: 0, max: 9 }), len: fc.integer({ min: 1, max: 10 }), down: fc.boolean() })
  .map(({ start, len, down }) => {
    const all = down ? '9876543210' : '0123456789';
    const from = all.indexOf(String(start));
    return all.slice(from, from + len);
  });
const nearRun = fc
  .tuple(run, fc.nat(), digit)
  .map(([r, i, d]) => (r ? r.slice(0, i % r.length) + d + r.slice((i % r.length) + 1) : r));
/** runs that wrap past 9 or 0 (78901, 21098): not strictly ascending or descending, so valid */
const wrapRun = fc
  .record({ start: fc.integer({ min: 0, max: 9 }), len: fc.integer({ min: 5, max: 8 }), step: fc.constantFrom(1, -1) })
  .map(({ start, len, step }) => Array.from({ length: len }, (_, i) => String((start + step * i + 100) % 10)).join(''));
/** few distinct digits: the 'distinct' boundary */
const lowVariety = fc
  .tuple(fc.constantFrom('0', '1', '7', '9'), fc.constantFrom('0', '2', '5'), fc.integer({ min: 3, max: 10 }), fc.nat())
  .map(([a, b, n, seed]) => Array.from({ length: n }, (_, i) => ((seed >> i) & 1 ? a : b)).join(''));
// '/' and ':' sit right before '0' and after '9' in ASCII: the edges of "digits only"
const tricky = fc.constantFrom(
  ' ',
  '\t',
  '\n',
  '\u00a0',
  '\u3000',
  '１',
  '٣',
  '-',
  '+',
  '.',
  'e',
  'a',
  '\u200b',
  '/',
  ':',
);
const mixed = fc.array(fc.oneof(digit, tricky), { minLength: 0, maxLength: 10 }).map((a) => a.join(''));
const anyString = fc.string({ maxLength: 12 });
const nonString = fc.oneof(fc.constant(null), fc.constant(undefined), fc.integer(), fc.constant(123456), fc.boolean());

const candidates = fc.oneof(
  { weight: 4, arbitrary: digits(0, 10) },
  { weight: 2, arbitrary: run },
  { weight: 2, arbitrary: nearRun },
  { weight: 1, arbitrary: wrapRun },
  { weight: 2, arbitrary: lowVariety },
  { weight: 2, arbitrary: mixed },
  { weight: 1, arbitrary: anyString },
  { weight: 1, arbitrary: nonString as fc.Arbitrary<unknown> },
);

describe('PIN rules', () => {
  it('agree with an independent statement of the rules on thousands of generated values', () => {
    fc.assert(
      fc.property(candidates, (s) => {
        expect(pinProblem(s)?.rule ?? null).toBe(expectedRule(s));
      }),
      { numRuns: 20_000 },
    );
  });

  it('reach every rule, and valid PINs, in the generated sample', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(candidates, (s) => void seen.add(String(expectedRule(s)))),
      { numRuns: 5_000 },
    );
    expect([...seen].sort()).toEqual(['digits', 'distinct', 'length', 'null', 'required', 'sequence']);
  });

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    [null, 'required'],
    ['1234', 'length'],
    ['123456789', 'length'],
    ['12a45', 'digits'],
    ['12 345', 'digits'],
    ['１２３４５', 'digits'],
    ['11111', 'distinct'],
    ['12121212', 'distinct'],
    ['12345', 'sequence'],
    ['98765', 'sequence'],
    ['3456789', 'sequence'],
    ['01234567', 'sequence'],
    ['12346', null],
    ['78901', null],
    ['21098', null],
    ['12:45', 'digits'],
    ['12/45', 'digits'],
    ['90123', null],
    ['11223', null],
    ['54321987', null],
  ])('%j -> %s', (value, rule) => {
    expect(pinProblem(value)?.rule ?? null).toBe(rule);
  });

  it('name the broken rule in the message', () => {
    expect(pinProblem('11111')!.message).toMatch(/3 different digits/);
    expect(pinProblem('12345')!.message).toMatch(/consecutive/);
    expect(pinProblem('12')!.message).toMatch(/5 to 8/);
  });

  it('the generator only proposes valid PINs, of the asked length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 8 }), (len) => {
        const pin = generatePin(len);
        expect(pin).toHaveLength(len);
        expect(expectedRule(pin)).toBeNull();
      }),
      { numRuns: 2_000 },
    );
  });

  it('the generator keeps drawing past invalid candidates', () => {
    // a source that first yields a run (12345) and a low-variety PIN (11111), then varied digits
    const seq = [1, 2, 3, 4, 5, 1, 1, 1, 1, 1, 5, 0, 9, 2, 7];
    let i = 0;
    expect(generatePin(5, () => seq[i++])).toBe('50927');
  });
});

describe('alias rules', () => {
  it('requires text, trims it and bounds its length', () => {
    expect(aliasProblem('')).toMatch(/required/);
    expect(aliasProblem('   ')).toMatch(/required/);
    expect(aliasProblem(undefined)).toMatch(/required/);
    expect(aliasProblem('  Cleaner  ')).toBeNull();
    expect(aliasProblem('x'.repeat(64))).toBeNull();
    expect(aliasProblem('x'.repeat(65))).toMatch(/at most 64/);
    expect(aliasProblem(` ${'x'.repeat(64)} `)).toBeNull();
  });
});
