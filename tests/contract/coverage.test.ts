import { describe, expect, it } from 'vitest';
import { routeSpecOf } from '@/lib/http/route';
import { routeFiles } from '../support/router';
import { allCases, allRouteMethods, label } from './registry';

/**
 * New routes cannot escape the contract: every exported method of every route file under
 * app/api/v37 needs a case in tests/contract/cases/<area>.ts, and the case's scopes must be
 * exactly what the route declares through route().
 */
describe('contract coverage', () => {
  it('every route file and method under app/api/v37 is registered', async () => {
    const registered = new Set(allCases().map(label));
    const missing = (await allRouteMethods()).map(label).filter((l) => !registered.has(l));
    expect(
      missing,
      `Routes without a contract case (add them to tests/contract/cases/<area>.ts, see tests/contract/README.md):\n  ${missing.join('\n  ')}\n`,
    ).toEqual([]);
  });

  it('every case names an existing route file and method, once', async () => {
    const files = new Map(routeFiles('api').map((f) => [f.pattern, f.file]));
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const c of allCases()) {
      const l = label(c);
      if (seen.has(l)) problems.push(`${l}: registered twice (${c.area})`);
      seen.add(l);
      const file = files.get(c.route);
      if (!file) problems.push(`${l}: no route file app${c.route}/route.ts (${c.area})`);
      else if (!((await import(file)) as Record<string, unknown>)[c.method])
        problems.push(`${l}: the route file exports no ${c.method} (${c.area})`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('every /api/v37 handler is made by route() and declares the scopes its case expects', async () => {
    const byLabel = new Map(allCases().map((c) => [label(c), c]));
    const problems: string[] = [];
    for (const rm of await allRouteMethods()) {
      const spec = routeSpecOf(rm.handler);
      const l = label(rm);
      if (!spec) {
        problems.push(`${l}: not made by route() from lib/http/route (the gate would be bypassed)`);
        continue;
      }
      const c = byLabel.get(l);
      if (!c) continue; // reported by the first test
      const norm = (s: string[] | 'public') => (s === 'public' ? 'public' : [...s].sort().join(','));
      if (norm(spec.scopes) !== norm(c.scopes))
        problems.push(`${l}: route declares [${norm(spec.scopes)}], case (${c.area}) expects [${norm(c.scopes)}]`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
