import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { setConfig } from '@/tests/support/config';
import { route } from './route';

/** The body limit of every API route (lib/http/edge.ts): 413 in the envelope before the body is read whole. */

const echo = (maxBody?: number) =>
  route({ scopes: 'public', body: z.object({ note: z.string().max(500_000) }), maxBody }, async (_ctx, { body }) => ({
    length: body.note.length,
  }));

/** A body that counts what was read of it: `chunks` of 16 KB, or forever. */
function counted(chunks = Infinity) {
  const seen = { bytes: 0, cancelled: false };
  let i = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(c) {
        if (i++ >= chunks) return c.close();
        const chunk = new TextEncoder().encode(
          i === 1 ? `{"note":"${'a'.repeat(16 * 1024 - 9)}` : 'a'.repeat(16 * 1024),
        );
        seen.bytes += chunk.byteLength;
        c.enqueue(chunk);
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  ); // nothing is pulled until someone reads
  return { stream, seen };
}

async function post(h: ReturnType<typeof route>, body: BodyInit, headers: Record<string, string> = {}) {
  const req = new NextRequest('http://localhost:3000/api/v37/x', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    duplex: 'half',
  } as ConstructorParameters<typeof NextRequest>[1]);
  const res = await h(req, { params: Promise.resolve({}) });
  return { res, json: await res.json() };
}

describe('the body limit', () => {
  it('a declared Content-Length over 64 KB is refused with 413 before anything is read', async () => {
    const { stream, seen } = counted();
    const { res, json } = await post(echo(), stream, { 'content-length': String(20 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(json).toEqual({
      success: false,
      errorMessages: ['The request body is larger than 64 KB, the most this endpoint takes.'],
      statusCode: 413,
    });
    expect(seen.bytes).toBe(0);
  });

  it('a body streamed without a length is refused at the first chunk past the limit; the rest is never read', async () => {
    const { stream, seen } = counted();
    const { res } = await post(echo(), stream);
    expect(res.status).toBe(413);
    expect(seen.bytes).toBeLessThanOrEqual(64 * 1024 + 3 * 16 * 1024); // the limit, and what the stream had buffered ahead
    expect(seen.cancelled).toBe(true);
  });

  it('bodies within the limit pass; a route may declare a larger one', async () => {
    expect((await post(echo(), JSON.stringify({ note: 'a'.repeat(60_000) }))).json.result).toEqual({ length: 60_000 });
    expect((await post(echo(), JSON.stringify({ note: 'a'.repeat(100_000) }))).res.status).toBe(413);
    expect((await post(echo(256 * 1024), JSON.stringify({ note: 'a'.repeat(200_000) }))).json.result).toEqual({
      length: 200_000,
    });
  });

  it('routes that take no body refuse a large one too', async () => {
    const h = route({ scopes: 'public' }, async () => ({ ok: true }));
    const { stream, seen } = counted();
    const { res } = await post(h, stream, { 'content-length': String(1024 * 1024) });
    expect(res.status).toBe(413);
    expect(seen.bytes).toBe(0);
  });
});

describe('a client that leaves while its body is read', () => {
  it("answers 499 and logs no error: Node's ECONNRESET of the client's socket is not the database out of reach", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      let sent = false;
      const stream = new ReadableStream<Uint8Array>({
        pull(c) {
          if (!sent) {
            sent = true;
            return c.enqueue(new TextEncoder().encode('{"note":"'));
          }
          // what Node's request stream raises when the client closes its socket mid-body
          c.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
        },
      });
      const req = new NextRequest('http://localhost:3000/api/v37/x', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as ConstructorParameters<typeof NextRequest>[1]);
      const res = await echo()(req, { params: Promise.resolve({}) });
      expect(res.status).toBe(499);
      expect(errors.mock.calls.map((c) => String(c[0]))).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });
});

describe('headers of every API answer', () => {
  it('nosniff, no-store and a request id; HSTS only under an https public URL', async () => {
    const h = route({ scopes: 'public' }, async () => ({ ok: true }));
    const get = () => h(new NextRequest('http://localhost:3000/api/v37/x'), { params: Promise.resolve({}) });
    let res = await get();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('strict-transport-security')).toBeNull();
    setConfig({ NEXTAUTH_URL: 'https://locks.example.com' });
    res = await get();
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
  });

  it("keeps a caller's plain correlation id, and replaces anything else", async () => {
    const h = route({ scopes: 'public' }, async () => ({ ok: true }));
    const get = (id: string) =>
      h(new NextRequest('http://localhost:3000/api/v37/x', { headers: { 'x-request-id': id } }), {
        params: Promise.resolve({}),
      });
    expect((await get('trace-1234abcd')).headers.get('x-request-id')).toBe('trace-1234abcd');
    expect((await get('"><script>alert(1)</script>')).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get('x'.repeat(500))).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
