import { describe, expect, it } from 'vitest';
import { SCOPES, type Scope } from '@/lib/auth/scopes';
import { createKey } from '../support/factories/core';
import { api, type ApiResponse } from '../support/router';
import { allCases, label, type Registered } from './registry';
import type { Input, Prepared } from './types';

/**
 * The shared security contract (see README.md): for every registered route and method,
 * no credentials -> 401, a key without the route's scopes -> 403, a key with any one of them ->
 * accepted, another user's resource -> 404, malformed input -> 400. Public routes: accepted
 * without credentials, unknown token -> 404, malformed -> 400.
 */
const call = (c: Registered, input: Input, key?: string): Promise<ApiResponse> =>
  api(c.method, input.url, { key, body: input.body, headers: input.headers });

const show = (r: ApiResponse) => `${r.status} ${r.text.slice(0, 300)}`;

function expectOk(c: Registered, r: ApiResponse) {
  const fine = c.ok ? c.ok.includes(r.status) : r.status >= 200 && r.status < 400;
  expect(fine, `${label(c)} answered ${show(r)}; expected ${c.ok?.join('/') ?? '2xx/3xx'}`).toBe(true);
}

function expectEnvelope(r: ApiResponse, status: number) {
  expect(r.status, show(r)).toBe(status);
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  expect(r.json).toMatchObject({ success: false, statusCode: status });
  expect(r.json.errorMessages.length).toBeGreaterThan(0);
}

const caller = (c: Registered, p: Prepared) => {
  if (!p.as) throw new Error(`${label(c)}: setup must return \`as\` (the caller) for a non-public route`);
  return p.as;
};

for (const c of allCases()) {
  describe(`${label(c)} (${c.area})`, () => {
    if (c.scopes === 'public') {
      it('public: accepted without credentials', async () => {
        const p = await c.setup();
        expectOk(c, await call(c, p));
      });
    } else {
      const scopes = c.scopes;
      it('no credentials -> 401 with WWW-Authenticate: Bearer', async () => {
        const p = await c.setup();
        const r = await call(c, p);
        expectEnvelope(r, 401);
        expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
      });

      it('a key without the route scopes -> 403', async () => {
        const p = await c.setup();
        const others = SCOPES.filter((s) => !scopes.includes(s));
        expectEnvelope(await call(c, p, await createKey(caller(c, p).id, others)), 403);
      });

      for (const scope of scopes) {
        it(`a key with only ${scope} -> accepted`, async () => {
          const p = await c.setup();
          expectOk(c, await call(c, p, await createKey(caller(c, p).id, [scope as Scope])));
        });
      }
    }

    it("another user's resource -> 404", async () => {
      const p = await c.setup();
      if (!p.foreign) {
        expect(
          c.noForeign?.trim(),
          `${label(c)}: setup gives no \`foreign\` request and the case gives no \`noForeign\` reason`,
        ).toBeTruthy();
        return;
      }
      const key = c.scopes === 'public' ? undefined : caller(c, p).key;
      expectEnvelope(await call(c, p.foreign, key), 404);
    });

    it('malformed input -> 400 with readable messages', async () => {
      const p = await c.setup();
      const bad = p.malformed === undefined ? [] : Array.isArray(p.malformed) ? p.malformed : [p.malformed];
      if (!bad.length) {
        expect(
          c.noMalformed?.trim(),
          `${label(c)}: setup gives no \`malformed\` request and the case gives no \`noMalformed\` reason`,
        ).toBeTruthy();
        return;
      }
      const key = c.scopes === 'public' ? undefined : caller(c, p).key;
      for (const input of bad) {
        const r = await call(c, input, key);
        expectEnvelope(r, 400);
        for (const m of r.json.errorMessages) expect(m, 'a readable message, not a dump').toMatch(/^[^{[]/);
      }
    });
  });
}
