import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '@/tests/support/config';
import { lockPins, users } from '@/db/schema';
import { route } from '@/lib/http/route';
import { createUser } from '../support/factories/core';
import { api } from '../support/router';

/**
 * Logs (docs/security.md, "Headers and logs"): one JSON line per API request, and a failing write
 * logged by its error's class, code and message, never by the values the statement carried.
 */
let lines: string[];
beforeEach(() => {
  lines = [];
  setConfig({ REQUEST_LOG: '1' });
  const keep = (chunk: unknown) => void lines.push(String(chunk));
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => (keep(chunk), true));
  for (const level of ['error', 'warn', 'log', 'info'] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => keep(args.map(String).join(' ')));
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function call(h: ReturnType<typeof route>) {
  const res = await h(new NextRequest('http://localhost:3000/api/v37/x', { method: 'POST' }), {
    params: Promise.resolve({}),
  });
  return { res, json: await res.json() };
}

describe('a failing write is logged without its parameters', () => {
  it('a statement refused by the database: class, SQLSTATE and message; no value it carried', async () => {
    const secrets = {
      id: `not-a-uuid-${randomUUID()}`,
      hash: `$2a$10$${randomUUID()}SECRETHASH`,
      email: `leak-${randomUUID()}@example.com`,
    };
    const { res, json } = await call(
      route({ scopes: 'public' }, async (ctx) =>
        ctx.db
          .insert(users)
          .values({ id: secrets.id, email: secrets.email, displayName: 'x', passwordHash: secrets.hash }),
      ),
    );
    expect(res.status).toBe(500);
    const log = lines.join('\n');
    for (const v of Object.values(secrets)) expect(log).not.toContain(v);
    expect(log).not.toMatch(/params|insert into/i);
    const error = lines.map((l) => JSON.parse(l)).find((l) => l.level === 'error');
    expect(error).toMatchObject({ at: 'api', id: res.headers.get('x-request-id'), route: '/api/v37/x', code: '22P02' });
    expect(error.message).toMatch(/invalid input syntax for type uuid: "\*\*\*"/);
    expect(json.errorMessages[0]).toMatch(/Request id/);
  });

  it('a refused PIN write (its lock does not exist): the code is logged, not the hash, the ciphertext or the alias', async () => {
    const u = await createUser();
    const secrets = { hash: `pin-hmac-${randomUUID()}`, box: `v2.box-${randomUUID()}` };
    const { res } = await call(
      route({ scopes: 'public' }, async (ctx) =>
        ctx.db
          .insert(lockPins)
          .values({ deviceId: 2147483000, alias: u.email, valueCiphertext: secrets.box, valueHmac: secrets.hash }),
      ),
    );
    expect(res.status).toBe(500);
    const log = lines.join('\n');
    for (const v of [...Object.values(secrets), u.email]) expect(log).not.toContain(v);
    expect(log).toContain('"code":"23503"'); // the lock does not exist: a foreign key
  });
});

describe('one line per API request', () => {
  it('with its id, method, route, status and duration; a link token in the path is masked, the query never logged', async () => {
    const token = `tok${randomUUID().replace(/-/g, '')}`;
    const res = await api('GET', `/api/v37/link/${token}?secret=${randomUUID()}`, {
      headers: { 'x-request-id': 'trace-abcdef12' },
    });
    const requestLines = lines.filter((l) => l.includes('"level":"info"')).map((l) => JSON.parse(l));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toEqual({
      t: expect.any(String),
      level: 'info',
      id: 'trace-abcdef12',
      method: 'GET',
      route: '/api/v37/link/:token',
      status: res.status,
      ms: expect.any(Number),
    });
    expect(lines.join('\n')).not.toContain(token);
    expect(lines.join('\n')).not.toContain('secret=');
  });
});
