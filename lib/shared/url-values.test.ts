import { describe, expect, it } from 'vitest';
import { pageParamsOf, siteIdOf } from './url-values';

describe('the values portal URLs carry', () => {
  it("a site: an id, 'none' for devices in no site, anything else every site", () => {
    expect(siteIdOf('12')).toBe(12);
    expect(siteIdOf('none')).toBe(0);
    for (const v of ['', '0', '-3', '12abc', '1e3', '9999999999', null, undefined]) expect(siteIdOf(v)).toBeUndefined();
  });

  it('a page: at least 1; a page size of 1-100, else the list’s own', () => {
    const of = (q: string, size?: number) => pageParamsOf((k) => new URLSearchParams(q).get(k), size);
    expect(of('')).toEqual({ page: 1, itemsPerPage: 25 });
    expect(of('', 50)).toEqual({ page: 1, itemsPerPage: 50 });
    expect(of('page=3&itemsPerPage=10')).toEqual({ page: 3, itemsPerPage: 10 });
    expect(of('page=0&itemsPerPage=500')).toEqual({ page: 1, itemsPerPage: 100 });
    expect(of('page=x&itemsPerPage=0', 50)).toEqual({ page: 1, itemsPerPage: 50 });
  });
});
