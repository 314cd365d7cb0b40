import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { routeSpecOf } from '@/lib/http/route';
import { routeFiles } from '../support/router';

/**
 * Every string and every list a route accepts is bounded (docs/security.md, "Input at the edge"):
 * walks the zod schemas of every route under app/api, so a new unbounded field fails here.
 * Fixed formats (UUID, instants) and enums count as bounded.
 */
type Def = { type: string; [k: string]: unknown };
const defOf = (s: unknown) => (s as { _zod: { def: Def } })._zod.def;
const hasMax = (d: Def) =>
  ((d.checks as Array<{ _zod: { def: { check: string } } }> | undefined) ?? []).some((c) =>
    ['max_length', 'length_equals'].includes(c._zod.def.check),
  );

function unbounded(schema: unknown, at: string): string[] {
  const d = defOf(schema);
  switch (d.type) {
    case 'string':
      return d.format || hasMax(d) ? [] : [at];
    case 'array':
      return [...(hasMax(d) ? [] : [`${at} (list)`]), ...unbounded(d.element, `${at}[]`)];
    case 'object':
      return Object.entries(d.shape as Record<string, unknown>).flatMap(([k, v]) => unbounded(v, `${at}.${k}`));
    case 'record':
    case 'map':
    case 'set':
    case 'any':
    case 'unknown':
      return [`${at} (${d.type})`];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return unbounded(d.innerType, at);
    case 'union':
      return (d.options as unknown[]).flatMap((o) => unbounded(o, at));
    case 'intersection':
      return [...unbounded(d.left, at), ...unbounded(d.right, at)];
    case 'pipe': {
      // z.preprocess(fn, schema): the schema decides; a.pipe(b): bounded if either side is
      if (defOf(d.in).type === 'transform') return unbounded(d.out, at);
      const a = unbounded(d.in, at);
      return a.length && unbounded(d.out, at).length ? a : [];
    }
    case 'lazy':
      return unbounded((d.getter as () => unknown)(), at);
    default:
      return []; // numbers, booleans, dates, literals, enums, transforms
  }
}

describe('input bounds', () => {
  it('every string and list in every route schema under app/api has a maximum', async () => {
    const problems: string[] = [];
    let schemas = 0;
    for (const f of routeFiles('api')) {
      const mod = (await import(f.file)) as Record<string, unknown>;
      for (const [method, handler] of Object.entries(mod)) {
        const spec = routeSpecOf(handler);
        if (!spec) continue;
        for (const part of ['params', 'query', 'body'] as const) {
          if (!spec[part]) continue;
          schemas++;
          problems.push(...unbounded(spec[part] as z.ZodType, `${method} ${f.pattern} ${part}`));
        }
      }
    }
    expect(schemas).toBeGreaterThan(40);
    expect(problems, `unbounded input (add .max()):\n  ${problems.join('\n  ')}`).toEqual([]);
  });
});

describe('text the database cannot keep', () => {
  // found by the fuzz run (tests/fuzz): a NUL character or half a surrogate pair reached Postgres
  // (a search filter, a group's name kept in the audit's JSON) and the request answered 500
  it('a NUL character or an unpaired surrogate in a body, a query or a path is 400 naming the field, and nothing is saved', async () => {
    const { orgWithCast } = await import('../support/factories/organization');
    const { api } = await import('../support/router');
    const c = await orgWithCast();
    const groups = `/api/v37/organization/${c.org.id}/user-groups`;
    for (const name of ['a\u0000b', 'a\ud800b', '\udc00']) {
      const r = await api('POST', groups, { key: c.owner.key, body: { name } });
      expect(r.status, r.text).toBe(400);
      expect(r.json.errorMessages).toEqual([
        'name: must not contain a NUL character or broken Unicode (an unpaired surrogate).',
      ]);
    }
    expect((await api('GET', groups, { key: c.owner.key })).json.result.length).toBe(0);
    const search = await api('GET', `${groups}?filters.text=a%00b`, { key: c.owner.key });
    expect(search.status, search.text).toBe(400);
    const locks = await api('GET', '/api/v37/my/lock?filters.text=%ED%A0%80', { key: c.owner.key });
    expect(locks.status, locks.text).toBe(200); // invalid UTF-8 in a URL decodes to U+FFFD, which is text
    // a key of the body that is not text is named too
    const odd = await api('POST', groups, { key: c.owner.key, body: '{"name": "ok", "x\\u0000": 1}' });
    expect(odd.status, odd.text).toBe(400);
  });
});
