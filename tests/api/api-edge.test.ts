import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '@/tests/support/config';
import { matchApiRoute } from '@/lib/http/api-routes';
import { scanApiRoutes } from '@/lib/http/api-routes-scan.mjs';
import { apiProxy } from '@/lib/http/api-proxy';
import { route } from '@/lib/http/route';
import { routeFiles, api } from '../support/router';
import { AccessLevel } from '@/db/schema';
import { aWeek, createOrgLock, orgWithCast } from '../support/factories/organization';
import { grantUser, lockWithCast } from '../support/factories/core';

/**
 * Every answer under /api is ours (issue 18): unknown paths and methods in the envelope, paths in
 * any case, `api-supported-versions` and `X-Correlation-ID` on every answer. The server's proxy
 * (proxy.ts) runs lib/http/api-proxy.ts; the in-process router does the same (tests/support/router.ts);
 * e2e/edge.spec.ts asks the running server.
 */
const ENVELOPE_FIELDS = ['errorMessages', 'statusCode', 'success'];

describe('the route table', () => {
  it('is what the route modules really export, method for method', async () => {
    const table = new Map(scanApiRoutes(path.resolve('app')));
    const problems: string[] = [];
    for (const f of routeFiles('api')) {
      if (f.pattern === '/api/[...path]') continue;
      const mod = (await import(f.file)) as Record<string, unknown>;
      const exported = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter(
        (m) => typeof mod[m] === 'function',
      );
      if (JSON.stringify(table.get(f.pattern)) !== JSON.stringify(exported))
        problems.push(`${f.pattern}: read ${table.get(f.pattern)}, exports ${exported}`);
    }
    expect(problems).toEqual([]);
    expect(table.has('/api/[...path]')).toBe(false);
  });

  it('finds routes in any case; a static name wins over an id; a catch-all takes the rest', () => {
    expect(matchApiRoute('/api/v37/Organization/5/AccessLink/ab-CD')).toMatchObject({
      pattern: '/api/v37/organization/[organizationId]/accesslink/[accessLinkId]',
      pathname: '/api/v37/organization/5/accesslink/ab-CD',
      params: { organizationId: '5', accessLinkId: 'ab-CD' },
      allow: ['GET', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
    });
    expect(matchApiRoute('/API/V37/MY/LOCK/SYNC')).toMatchObject({
      pattern: '/api/v37/my/lock/sync',
      pathname: '/api/v37/my/lock/sync',
    });
    expect(matchApiRoute('/api/v37/my/lock/12/')).toMatchObject({
      pattern: '/api/v37/my/lock/[id]',
      params: { id: '12' },
    });
    expect(matchApiRoute('/api/auth/callback/credentials')).toMatchObject({
      pattern: '/api/auth/[...nextauth]',
      params: { nextauth: ['callback', 'credentials'] },
    });
    expect(matchApiRoute('/api/v37/my/lock/12/nothing')).toBeUndefined();
    expect(matchApiRoute('/api/v36/my/lock')).toBeUndefined();
  });
});

describe('the proxy', () => {
  const req = (method: string, url: string, headers: Record<string, string> = {}) =>
    new NextRequest(new URL(url, 'http://localhost:3000'), { method, headers });

  it('rewrites another spelling to the route’s, keeping the query; lets the route’s own spelling and unknown paths through', () => {
    const r = apiProxy(req('DELETE', '/api/v37/organization/5/accessLink/abc?x=1'))!;
    expect(r.headers.get('x-middleware-rewrite')).toBe(
      'http://localhost:3000/api/v37/organization/5/accesslink/abc?x=1',
    );
    expect(apiProxy(req('GET', '/api/v37/my/lock'))).toBeUndefined();
    expect(apiProxy(req('GET', '/api/v37/my/lock/'))).toBeUndefined();
    expect(apiProxy(req('GET', '/api/v37/nothing/here'))).toBeUndefined();
  });

  it('answers 405 in the envelope with Allow, the version and a correlation id', async () => {
    const r = apiProxy(req('DELETE', '/api/v37/my/lock', { 'x-correlation-id': 'client-trace-0001' }))!;
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET, HEAD, PATCH, OPTIONS');
    expect(r.headers.get('api-supported-versions')).toBe('37');
    expect(r.headers.get('x-correlation-id')).toBe('client-trace-0001');
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await r.json()).toEqual({
      success: false,
      errorMessages: ['DELETE is not served at this path; it takes GET, PATCH.'],
      statusCode: 405,
    });
  });
});

describe('answers through the router', () => {
  it('an unknown path: 404 in the envelope, whatever the method, with or without credentials', async () => {
    const { owner } = await lockWithCast();
    for (const [method, url] of [
      ['GET', '/api/v37/my/nothing'],
      ['POST', '/api/v37/my/lock/1/operation/open'],
      ['DELETE', '/api/unknown'],
      ['GET', '/api/v36/my/lock'],
    ]) {
      const r = await api(method, url, { key: owner.key });
      expect(r.status, `${method} ${url}`).toBe(404);
      expect(Object.keys(r.json).sort()).toEqual(ENVELOPE_FIELDS);
      expect(r.json).toMatchObject({ success: false, statusCode: 404 });
      expect(r.headers.get('api-supported-versions')).toBe('37');
      expect(r.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('a method the route does not serve: 405 with Allow; the contract’s GET sample of gate sync is one', async () => {
    const { owner, lock } = await lockWithCast();
    const r = await api('GET', `/api/v37/my/gate/${lock.id}/sync`, { key: owner.key });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('POST, OPTIONS');
    expect(r.json).toEqual({
      success: false,
      errorMessages: ['GET is not served at this path; it takes POST.'],
      statusCode: 405,
    });
    expect((await api('PUT', '/api/v37/my/lock', { key: owner.key })).status).toBe(405);
  });

  it('Tedee’s own spelling of link delete works, and so does any case of the names', async () => {
    const { org, owner: admin } = await orgWithCast();
    const lock = await createOrgLock(org.id);
    await grantUser(lock.id, admin.id, AccessLevel.owner);
    const made = await api('POST', `/api/v37/Organization/${org.id}/AccessLink`, {
      key: admin.key,
      body: { name: 'Tedee spelling', deviceIds: [lock.id], repeatEvent: aWeek() },
    });
    expect(made.status).toBe(201);
    const link = { id: made.json.result.id };
    expect((await api('GET', `/api/v37/ORGANIZATION/${org.id}/AccessLink/${link.id}`, { key: admin.key })).status).toBe(
      200,
    );
    const del = await api('DELETE', `/api/v37/organization/${org.id}/accessLink/${link.id}`, { key: admin.key });
    expect(del.status).toBe(204);
    expect((await api('GET', `/api/v37/organization/${org.id}/accesslink/${link.id}`, { key: admin.key })).status).toBe(
      404,
    );
    expect((await api('GET', `/api/v37/My/Lock/${lock.id}`, { key: admin.key })).status).toBe(200);
  });

  it('the legacy paths docs/api-compatibility.md lists (once 404 and 405 here) answer in the envelope', async () => {
    const { owner, lock } = await lockWithCast();
    const legacy: Array<[string, string, unknown, number]> = [
      ['GET', `/api/v37/my/device/${lock.id}/battery`, undefined, 200],
      ['POST', '/api/v37/my/lock/open', { deviceId: lock.id }, 202],
      ['GET', '/api/v37/my/keypad', undefined, 200],
    ];
    for (const [method, url, body, status] of legacy) {
      const r = await api(method, url, { key: owner.key, body });
      expect(r.status, `${method} ${url}`).toBe(status);
      expect(r.json).toMatchObject({ success: true, statusCode: status });
    }
  });

  it('malformed JSON is 400 in the envelope', async () => {
    const { owner } = await lockWithCast();
    for (const body of ['{nope', '[1,', '"unterminated']) {
      const r = await api('POST', '/api/v37/my/mobile', {
        key: owner.key,
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(r.status, body).toBe(400);
      expect(r.json).toEqual({ success: false, errorMessages: ['Request body must be valid JSON.'], statusCode: 400 });
    }
  });

  it('every answer names the version and a correlation id: the client’s when sane, else a new one', async () => {
    const { owner, lock } = await lockWithCast();
    const ok = await api('GET', `/api/v37/my/lock/${lock.id}`, {
      key: owner.key,
      headers: { 'x-correlation-id': 'homebridge-7f3a9c' },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('api-supported-versions')).toBe('37');
    expect(ok.headers.get('x-correlation-id')).toBe('homebridge-7f3a9c');
    const noAuth = await api('GET', `/api/v37/my/lock/${lock.id}`, {
      headers: { 'x-correlation-id': '<script>alert(1)</script>' },
    });
    expect(noAuth.status).toBe(401);
    expect(noAuth.headers.get('api-supported-versions')).toBe('37');
    expect(noAuth.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
    const health = await api('GET', '/api/health', { headers: { 'x-request-id': 'older-header-01' } });
    expect(health.headers.get('x-correlation-id')).toBe('older-header-01');
    expect(health.headers.get('api-supported-versions')).toBe('37');
  });
});

describe('the correlation id in the log line and in a 500’s message', () => {
  let lines: string[];
  beforeEach(() => {
    lines = [];
    setConfig({ REQUEST_LOG: '1' });
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => (lines.push(String(chunk)), true));
    vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void lines.push(a.map(String).join(' ')));
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('names the client’s id', async () => {
    const failing = route({ scopes: 'public' }, async () => {
      throw new Error('boom');
    });
    const res = await failing(
      new NextRequest('http://localhost:3000/api/v37/x', { headers: { 'X-Correlation-ID': 'pytedee-0000-1111' } }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(500);
    expect((await res.json()).errorMessages).toEqual(['An unexpected error occurred. Request id: pytedee-0000-1111.']);
    const parsed = lines.map((l) => JSON.parse(l));
    expect(parsed.find((l) => l.level === 'info')).toMatchObject({ id: 'pytedee-0000-1111', status: 500 });
    expect(parsed.find((l) => l.level === 'error')).toMatchObject({ id: 'pytedee-0000-1111' });
  });
});
