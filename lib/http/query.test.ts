import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pagedText, pagedTextQuery, pathId, pathUuid, qArray, qBool, qInt, queryToObject, zInstant } from './query';

const parse = (qs: string, schema: z.ZodObject) => schema.safeParse(queryToObject(new URLSearchParams(qs), schema));

describe('query strings', () => {
  const schema = z.object({
    'Filters.Text': z.string().optional(),
    page: qInt(1).optional(),
    ids: qArray(qInt(1)).optional(),
    on: qBool().optional(),
  });

  it('match names in any case onto the schema’s spelling; unknown names are dropped', () => {
    expect(parse('filters.text=ab&PAGE=2&junk=1', schema).data).toEqual({ 'Filters.Text': 'ab', page: 2 });
  });

  it('repeated names become arrays; a single value of an array parameter too', () => {
    expect(parse('ids=1&IDS=2', schema).data).toEqual({ ids: [1, 2] });
    expect(parse('ids=3', schema).data).toEqual({ ids: [3] });
  });

  it('refuse out-of-range numbers instead of clamping, and non-numbers', () => {
    expect(parse('page=0', schema).success).toBe(false);
    expect(parse('page=1.5', schema).success).toBe(false);
    expect(parse('page=abc', schema).success).toBe(false);
    expect(parse('page=', schema).data).toEqual({});
    expect(z.object({ n: qInt(1, 200) }).safeParse({ n: '201' }).success).toBe(false);
  });

  it('booleans: true/false in any case, 1/0; anything else refused', () => {
    expect(parse('on=TRUE', schema).data).toEqual({ on: true });
    expect(parse('on=0', schema).data).toEqual({ on: false });
    expect(parse('on=yes', schema).success).toBe(false);
  });
});

describe('pagedTextQuery', () => {
  it('pages and a text filter in any case, as the list verbs take them; bounds refused, not clamped', () => {
    const q = parse('PAGE=2&itemsperpage=100&Filters.Text=ann', pagedTextQuery);
    expect(q.data && pagedText(q.data)).toEqual({ page: 2, itemsPerPage: 100, text: 'ann' });
    expect(parse('itemsPerPage=101', pagedTextQuery).success).toBe(false);
    expect(parse('page=0', pagedTextQuery).success).toBe(false);
    expect(parse(`filters.text=${'a'.repeat(201)}`, pagedTextQuery).error?.issues[0].message).toBe(
      'must be at most 200 characters',
    );
    expect(parse('', pagedTextQuery.extend({ on: qBool().optional() })).data).toEqual({});
  });
});

describe('path ids', () => {
  it('numbers: positive 32-bit integers only', () => {
    expect(pathId().parse('42')).toBe(42);
    for (const bad of ['0', '-1', '1.5', 'abc', '2147483648', ''])
      expect(pathId().safeParse(bad).success, bad).toBe(false);
  });

  it('numbers are read one way only: decimal digits, nothing else that a number parser would take', () => {
    expect(pathId().parse('3')).toBe(3);
    expect(pathId().parse('2147483647')).toBe(2147483647);
    for (const lenient of ['1e0', '3e0', '0x3', '+3', '3.0', ' 3', '3 ', '03', '0003', '３', '٣', '1_0', '0b11', '0o3'])
      expect(pathId().safeParse(lenient).error?.issues[0].message, lenient).toBe(
        'must be a positive whole number in decimal digits, like 42',
      );
    expect(pathId().safeParse('99999999999').error?.issues[0].message).toBe('is too large (at most 2147483647)');
  });

  it('UUIDs: any case in, lower case out; anything else refused', () => {
    expect(pathUuid().parse('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
    for (const bad of ['123', 'not-a-uuid', '0f8fad5b-d9cb-469f-a165-70867728950', ''])
      expect(pathUuid().safeParse(bad).success, bad).toBe(false);
  });
});

describe('zInstant', () => {
  it('no offset is UTC; another offset is converted; Z stays', () => {
    expect(zInstant().parse('2026-03-01T10:00:00').toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(zInstant().parse('2026-03-01T12:00:00+02:00').toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(zInstant().parse('2026-03-01T10:00:00.5Z').toISOString()).toBe('2026-03-01T10:00:00.500Z');
  });

  it('refuses what is not an ISO date and time', () => {
    for (const bad of ['tomorrow', '03/01/2026', '2026-13-01T00:00:00Z', ''])
      expect(zInstant().safeParse(bad).success, bad).toBe(false);
  });
});
