import { beforeAll, describe, expect, it } from 'vitest';
import { allRouteMethods, label } from '../contract/registry';
import { REQUESTS } from './requests';
import { ROWS } from './table';
import { askCell, CALLERS, makeWorld, SHORT, type World } from './world';

/**
 * The authorization matrix (table.ts): every route and method under app/api/v37 and app/api/sim,
 * asked by every caller, answers exactly the status its cell states. The world (people, keys,
 * links, devices with the cast) is made once; each row makes what it changes afresh per cell.
 */
const ROUTE_FOLDERS = ['api/v37', 'api/sim'];

describe('the matrix covers every route, and only routes that exist', () => {
  it('every route file and method has a row, and every row is a route file and method', async () => {
    const routes = new Set((await Promise.all(ROUTE_FOLDERS.map((f) => allRouteMethods(f)))).flat().map(label));
    const rows = ROWS.map((r) => r.label);
    const missing = [...routes].filter((l) => !rows.includes(l));
    const unknown = rows.filter((l) => !routes.has(l));
    const twice = rows.filter((l, i) => rows.indexOf(l) !== i);
    // all three at once, so one run names every problem
    expect(
      { missing, unknown, twice },
      'missing: routes without a row in tests/matrix/table.ts (see tests/matrix/README.md); unknown: rows that name no route file or method; twice: rows given twice',
    ).toEqual({ missing: [], unknown: [], twice: [] });
  });

  it('every row says what it asks (requests.ts), and nothing is asked without a row', () => {
    const rows = new Set(ROWS.map((r) => r.label));
    expect(
      ROWS.map((r) => r.label).filter((l) => !REQUESTS[l]),
      'rows without a request in tests/matrix/requests.ts',
    ).toEqual([]);
    expect(
      Object.keys(REQUESTS).filter((l) => !rows.has(l)),
      'requests without a row in tests/matrix/table.ts',
    ).toEqual([]);
  });
});

describe('the authorization matrix', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });

  for (const row of ROWS) {
    describe(row.label, () => {
      for (const caller of CALLERS) {
        const status = row.expect[caller];
        it(`${SHORT[caller]} ${caller} -> ${status}`, async () => {
          const build = REQUESTS[row.label];
          if (!build) throw new Error(`${row.label}: no request in tests/matrix/requests.ts`);
          const input = await build(w, caller);
          await askCell(w, row, caller, input, status);
        });
      }
    });
  }
});
