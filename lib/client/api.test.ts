import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, newIdempotencyKey } from './api';

/** The portal's fetch: an Idempotency-Key on every write, the same key on its one repeat (issue 30, item 2). */
const ok = () =>
  new Response(JSON.stringify({ result: { id: 1 }, success: true, errorMessages: [], statusCode: 201 }), {
    status: 201,
    headers: { 'content-type': 'application/json' },
  });
const envelope502 = () =>
  new Response(JSON.stringify({ success: false, errorMessages: ['stopped'], statusCode: 502 }), { status: 502 });

afterEach(() => vi.unstubAllGlobals());

const calls = (f: ReturnType<typeof vi.fn>) =>
  f.mock.calls.map(
    ([, init]) => (init as RequestInit & { headers: Record<string, string> }).headers['idempotency-key'],
  );

describe('apiFetch', () => {
  it('sends a new Idempotency-Key with every write, none with a read', async () => {
    const f = vi.fn(async () => ok());
    vi.stubGlobal('fetch', f);
    await apiFetch('/my/lock/1/pin', { method: 'POST', body: { alias: 'a' } });
    await apiFetch('/my/lock/1/pin/2', { method: 'DELETE' });
    await apiFetch('/my/lock');
    const [a, b, c] = calls(f);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(b).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
    expect(c).toBeUndefined();
  });

  it('repeats a write once, with the same key, after a dropped connection or a 502; a read is not repeated', async () => {
    const dropped = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(ok());
    vi.stubGlobal('fetch', dropped);
    expect(await apiFetch('/my/lock/1/operation/unlock', { method: 'POST' })).toEqual({ id: 1 });
    const [first, again] = calls(dropped);
    expect(first).toBeTruthy();
    expect(again).toBe(first);

    const bad = vi.fn().mockResolvedValueOnce(envelope502()).mockResolvedValueOnce(ok());
    vi.stubGlobal('fetch', bad);
    await apiFetch('/my/lock/1/pin', { method: 'POST', body: {} });
    expect(bad).toHaveBeenCalledTimes(2);
    expect(new Set(calls(bad)).size).toBe(1);

    const read = vi.fn(async () => envelope502());
    vi.stubGlobal('fetch', read);
    await expect(apiFetch('/my/lock')).rejects.toMatchObject({ status: 502 });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('makes a UUID v4 without crypto.randomUUID too (an http page on a LAN address)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (b: Uint8Array) => real.getRandomValues(b) });
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
