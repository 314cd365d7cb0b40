import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  Conflict,
  DeviceBusy,
  DeviceTimeout,
  DeviceUnreachable,
  Forbidden,
  Invalid,
  NotAcceptable,
  NotFound,
  PreconditionFailed,
  RateLimited,
} from '@/lib/domain/errors';
import { onPostgres } from '@/tests/support/config';
import { createUser } from '@/tests/support/factories/core';
import { arrivedAt } from '@/db/arrival-order';
import { getDb } from '@/db/client';
import { reply } from './reply';
import { route, routeSpecOf } from './route';

/** The wrapper itself, with handlers made up for the test: error mapping, bodies, parsing. */
const call = async (
  h: ReturnType<typeof route>,
  init: { url?: string; method?: string; key?: string; body?: string; params?: Record<string, string> } = {},
) => {
  const headers: Record<string, string> = {};
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  const req = new NextRequest(new URL(init.url ?? '/api/v37/x', 'http://localhost:3000'), {
    method: init.method ?? 'GET',
    headers,
    body: init.body,
  });
  const res = await h(req, { params: Promise.resolve(init.params ?? {}) });
  const text = await res.text();
  return { res, text, json: text ? JSON.parse(text) : null };
};

const pub = (fn: () => Promise<unknown>) => route({ scopes: 'public' }, fn);

afterEach(() => vi.restoreAllMocks());

describe('route(): typed errors become their statuses, in the envelope', () => {
  const cases: [() => Error, number][] = [
    [() => Invalid('bad thing'), 400],
    [() => Forbidden(), 403],
    [() => NotFound('Lock'), 404],
    [() => NotAcceptable('PIN exists'), 406],
    [() => DeviceTimeout(), 408],
    [() => Conflict('taken'), 409],
    [() => DeviceBusy(), 409],
    [() => PreconditionFailed('version'), 412],
    [() => DeviceUnreachable(), 428],
    [() => RateLimited(), 429],
  ];
  for (const [make, status] of cases) {
    it(`${make().message} -> ${status}`, async () => {
      const err = make();
      const { res, json } = await call(
        pub(async () => {
          throw err;
        }),
      );
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(json).toEqual({ success: false, errorMessages: [err.message], statusCode: status });
    });
  }
});

describe('route(): unexpected errors', () => {
  it('answer 500 with a generic message and a request id, never the stack; the log has the id, the class and the message', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { res, json, text } = await call(
      pub(async () => {
        throw new Error('secret detail at db.ts:42');
      }),
    );
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(json.errorMessages).toEqual([`An unexpected error occurred. Request id: ${id}.`]);
    expect(text).not.toContain('secret detail');
    expect(text).not.toMatch(/at .*\.ts/);
    expect(log).toHaveBeenCalledOnce();
    const line = JSON.parse(String(log.mock.calls[0][0]));
    expect(line).toMatchObject({ level: 'error', id, class: 'Error', message: 'secret detail at db.ts:42' });
    expect(log.mock.calls[0]).toHaveLength(1);
    expect(String(log.mock.calls[0][0])).not.toContain('    at ');
  });

  it('never logs an access-link token from the path', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await call(
      pub(async () => {
        throw new Error('boom');
      }),
      { url: '/api/v37/link/tok-SECRET123/unlock' },
    );
    expect(String(log.mock.calls[0][0])).not.toContain('tok-SECRET123');
  });
});

describe('route(): bodies and statuses', () => {
  it('a plain value is 200 with result', async () => {
    const { res, json } = await call(pub(async () => ({ a: 1 })));
    expect(res.status).toBe(200);
    expect(json).toEqual({ result: { a: 1 }, success: true, errorMessages: [], statusCode: 200 });
  });

  it('no answer may be cached: they are per caller, and one carries a new key', async () => {
    for (const make of [
      async () => 1,
      async () => reply.created({ key: 'x' }),
      async () => reply.noContent(),
      async () => {
        throw NotFound();
      },
    ]) {
      expect((await call(pub(make))).res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('201, 202 and 200 without result use the envelope', async () => {
    expect((await call(pub(async () => reply.created({ id: 'x' })))).json).toEqual({
      result: { id: 'x' },
      success: true,
      errorMessages: [],
      statusCode: 201,
    });
    expect((await call(pub(async () => reply.accepted({ op: 1 })))).res.status).toBe(202);
    expect((await call(pub(async () => reply.okEmpty()))).json).toEqual({
      success: true,
      errorMessages: [],
      statusCode: 200,
    });
  });

  it.each([
    ['204', () => reply.noContent(), 204],
    ['304', () => reply.notModified(), 304],
  ] as const)('%s has no body but the JSON content type', async (_n, make, status) => {
    const { res, text } = await call(pub(async () => make()));
    expect(res.status).toBe(status);
    expect(text).toBe('');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('flat bodies are sent as they are', async () => {
    const { res, json } = await call(pub(async () => reply.flat(207, { organizationUsers: [] })));
    expect(res.status).toBe(207);
    expect(json).toEqual({ organizationUsers: [] });
  });
});

describe('route(): input', () => {
  const h = route(
    {
      scopes: 'public',
      params: z.object({ id: z.coerce.number().int().positive() }),
      query: z.object({ Page: z.coerce.number().int().min(1).optional() }),
      body: z.object({ name: z.string().min(1, 'must not be empty') }),
    },
    async (_ctx, { params, query, body }) => ({ params, query, body }),
  );

  it('parses params, case-insensitive query names and the JSON body', async () => {
    const { json } = await call(h, {
      method: 'POST',
      url: '/x?page=2&junk=1',
      params: { id: '5' },
      body: '{"name":"a","extra":1}',
    });
    expect(json.result).toEqual({ params: { id: 5 }, query: { Page: 2 }, body: { name: 'a' } });
  });

  it('invalid input -> 400 with one readable message per problem, naming the field', async () => {
    const { res, json } = await call(h, { method: 'POST', url: '/x?page=0', params: { id: '5' }, body: '{"name":""}' });
    expect(res.status).toBe(400);
    expect(json.errorMessages).toEqual([expect.stringMatching(/^Page: /), 'name: must not be empty']);
  });

  it('a body that is not JSON -> 400', async () => {
    const { res, json } = await call(h, { method: 'POST', params: { id: '5' }, body: '{"name":' });
    expect(res.status).toBe(400);
    expect(json.errorMessages).toEqual(['Request body must be valid JSON.']);
  });
});

describe('route(): the gate', () => {
  const guarded = route({ scopes: ['Device.Read', 'Device.ReadWrite'] }, async (ctx) => ({ user: ctx.caller.userId }));

  it('declares its scopes for the contract harness', () => {
    expect(routeSpecOf(guarded)).toEqual({ scopes: ['Device.Read', 'Device.ReadWrite'] });
    expect(routeSpecOf(async () => new Response())).toBeUndefined();
  });

  it('any one of the scopes passes; none of them -> 403; the handler never runs before that', async () => {
    const u = await createUser();
    expect((await call(guarded, { key: await u.keyWith(['Device.ReadWrite']) })).json.result).toEqual({ user: u.id });
    const denied = await call(guarded, { key: await u.keyWith(['Lock.Operate', 'DeviceShare.Read']) });
    expect(denied.res.status).toBe(403);
    expect(denied.json.errorMessages[0]).toContain('Device.Read, Device.ReadWrite');
  });

  it('authentication comes before input checks: bad input without credentials is 401, not 400', async () => {
    const h = route({ scopes: ['Device.Read'], params: z.object({ id: z.coerce.number().int() }) }, async () => 1);
    expect((await call(h, { params: { id: 'abc' } })).res.status).toBe(401);
  });
});

describe('route(): messages of generic type errors', () => {
  const h = route(
    { scopes: 'public', body: z.object({ name: z.string(), n: z.number(), list: z.array(z.string()) }) },
    async () => 1,
  );

  it('say "is required" and "must be ..." and name the field', async () => {
    const { json } = await call(h, { method: 'POST', body: '{"n":"x","list":{}}' });
    expect(json.errorMessages).toEqual([
      'name: is required',
      'n: must be a number (got string)',
      'list: must be a list (got object)',
    ]);
  });

  it('a body of the wrong kind is named as the body', async () => {
    const { res, json } = await call(h, { method: 'POST', body: '[1,2]' });
    expect(res.status).toBe(400);
    expect(json.errorMessages).toEqual(['body: must be an object (got array)']);
  });
});

describe('route(): concurrency', () => {
  it('runs at most `concurrency` handlers at once, the others in arrival order; a request whose client left while waiting is dropped (499)', async () => {
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const release: Array<() => void> = [];
    const h = route(
      { scopes: 'public', concurrency: 2, query: z.object({ n: z.string() }) },
      async (_ctx, { query }) => {
        running++;
        most = Math.max(most, running);
        order.push(query.n);
        await new Promise<void>((r) => release.push(r));
        running--;
        return { n: query.n };
      },
    );
    const send = (n: string, signal?: AbortSignal) =>
      h(new NextRequest(new URL(`/api/v37/x?n=${n}`, 'http://localhost:3000'), { signal }), {
        params: Promise.resolve({}),
      });
    const gone = new AbortController();
    const answers = [send('1'), send('2'), send('3', gone.signal), send('4'), send('5')];
    const settle = async () => {
      for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    };
    // the first requests of a fresh module wait for its lazy imports (alone, this test comes first)
    for (let t = Date.now(); order.length < 2 && Date.now() - t < 5000; ) await new Promise((r) => setTimeout(r, 5));
    await settle();
    expect(order).toEqual(['1', '2']);
    gone.abort();
    release.shift()!();
    await settle();
    expect(order).toEqual(['1', '2', '4']); // 3's client left while it waited: never run
    while (release.length) {
      release.shift()!();
      await settle();
    }
    const res = await Promise.all(answers);
    expect(res.map((r) => r.status)).toEqual([200, 200, 499, 200, 200]);
    expect(order).toEqual(['1', '2', '4', '5']);
    expect(most).toBe(2);
  });
});

describe('route(): a request keeps the time it arrived, for the database lock (db/arrival-order)', () => {
  it('runs the handler, through its awaits, with its own arrival on PGlite; carries nothing on Postgres', async () => {
    await getDb(); // the database says whether arrivals are carried
    const seen: number[] = [];
    const h = pub(async () => {
      seen.push(arrivedAt());
      await new Promise((r) => setTimeout(r, 20));
      seen.push(arrivedAt());
      return null;
    });
    const before = performance.now();
    await Promise.all([call(h), call(h)]);
    expect(seen).toHaveLength(4);
    for (const at of seen) expect(at).toBeGreaterThanOrEqual(before);
    if (onPostgres()) {
      // a pool of connections, no lock to order: each look is its own moment
      expect(Math.max(...seen) - before).toBeGreaterThanOrEqual(20);
      return;
    }
    // each request's second look, 20 ms later, still gives its arrival
    expect(new Set(seen).size).toBe(2);
    expect(Math.max(...seen) - before).toBeLessThan(20);
  });

  it('counts a request whose client sends its body slowly from when the body was in: it does not go before a request that came meanwhile', async () => {
    await getDb();
    const seen: Record<string, number> = {};
    const h = route({ scopes: 'public', body: z.object({ who: z.string() }) }, async (_ctx, { body }) => {
      seen[body.who] = arrivedAt();
      return null;
    });
    const enc = new TextEncoder();
    let finish!: () => void;
    const slowBody = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(enc.encode('{"who":'));
        finish = () => {
          c.enqueue(enc.encode('"slow"}'));
          c.close();
        };
      },
    });
    const post = (body: BodyInit) =>
      h(
        new NextRequest('http://localhost:3000/api/v37/x', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          duplex: 'half',
        } as ConstructorParameters<typeof NextRequest>[1]),
        { params: Promise.resolve({}) },
      );
    const before = performance.now();
    const slow = post(slowBody);
    await new Promise((r) => setTimeout(r, 30));
    const meanwhile = performance.now();
    const quick = await post(JSON.stringify({ who: 'quick' }));
    finish();
    const answers = [await slow, quick];
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    // the slow one's place is when its body was in, after the quick one's arrival
    expect(seen.slow).toBeGreaterThan(seen.quick);
    expect(seen.quick).toBeGreaterThanOrEqual(meanwhile);
    if (!onPostgres()) expect(seen.slow - before).toBeGreaterThanOrEqual(30);
  });
});
