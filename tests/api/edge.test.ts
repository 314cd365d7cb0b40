import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { setConfig } from '@/tests/support/config';
import { proxy } from '@/proxy';
import { createUser } from '../support/factories/core';
import { api } from '../support/router';

/** The edge seen from outside: hostile input answered at once, page headers, what is not there. */

describe('sign-up input', () => {
  it('a 40 KB hostile e-mail is answered 400 in milliseconds', async () => {
    await api('POST', '/api/v37/account/register', { body: {} }); // the route is loaded, the database open
    for (const email of ['a@' + '.'.repeat(40_000) + ' ', 'a@' + '.'.repeat(300) + ' ']) {
      const t = performance.now();
      const res = await api('POST', '/api/v37/account/register', {
        body: { email, password: 'long enough', displayName: 'X' },
        clientAddress: `192.0.2.${Math.floor(Math.random() * 250)}-${randomUUID()}`,
      });
      // a backtracking pattern over 40 KB takes seconds (quadratic: ~1.6e9 steps); an answer takes a
      // few ms, and up to ~150 on a CI machine running two suites at once, so the bound is loose
      expect(performance.now() - t).toBeLessThan(1_000);
      expect(res.status).toBe(400);
      expect(res.json.errorMessages[0]).toMatch(/^email: /);
    }
  });
});

describe('pages', () => {
  const page = (path: string) => proxy(new NextRequest(`http://localhost:3000${path}`));

  it('carry a Content-Security-Policy with a fresh nonce for scripts, and may not be framed', () => {
    const [a, b] = [page('/devices'), page('/sign-in')];
    const csp = a.headers.get('content-security-policy')!;
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)![1];
    expect(csp).toMatch(new RegExp(`script-src 'self' 'nonce-${nonce.replace(/[+/=]/g, '\\$&')}' 'strict-dynamic'`));
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(b.headers.get('content-security-policy')).not.toContain(nonce);
    // Next.js reads the nonce from the request's copy of the policy to give its own scripts
    expect(a.headers.get('x-middleware-request-content-security-policy')).toBe(csp);
    expect(a.headers.get('strict-transport-security')).toBeNull();
  });

  it("the guest's link page (one built file): the hashes of its inline scripts, no nonce, the token in no request header", () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
    mkdirSync(path.join(dist, 'server', 'app'), { recursive: true });
    writeFileSync(
      path.join(dist, 'server', 'app', 'link.html'),
      '<html><script src="/_next/static/chunks/a.js"></script><script>self.__x=1</script></html>',
    );
    setConfig({ NEXT_DIST_DIR: dist });
    const token = 'T0ken-of-a-guest_link';
    const res = page(`/link/${token}`);
    const csp = res.headers.get('content-security-policy')!;
    const hash = createHash('sha256').update('self.__x=1').digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(csp).toContain("style-src 'self';");
    for (const no of ['nonce-', 'unsafe-inline', 'strict-dynamic']) expect(csp).not.toContain(no);
    expect(csp).toContain("frame-ancestors 'none'");
    const passedOn = [...res.headers.entries()].filter(([k]) => k.startsWith('x-middleware-request-'));
    expect(passedOn.map(([k]) => k)).not.toContain('x-middleware-request-x-nonce');
    expect(JSON.stringify(passedOn)).not.toContain(token);
    // a path below a link is no guest page: it gets a nonce as every other page
    expect(page(`/link/${token}/more`).headers.get('content-security-policy')).toContain("'nonce-");
  });

  it('under an https public URL: HSTS and upgrade-insecure-requests', () => {
    setConfig({ NEXTAUTH_URL: 'https://locks.example.com' });
    const res = page('/devices');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    expect(res.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });
});

describe('what a production server does not have', () => {
  it('/api/bench/noop only with BENCH=1 (the bench sets it); otherwise 404 for anyone', async () => {
    const u = await createUser();
    setConfig({ BENCH: undefined });
    expect((await api('GET', '/api/bench/noop', { key: u.key })).status).toBe(404);
    expect((await api('GET', '/api/bench/noop')).status).toBe(404);
    setConfig({ BENCH: '1' });
    expect((await api('GET', '/api/bench/noop', { key: u.key })).status).toBe(200);
  });

  it("/api/bench/bare (the bench's second baseline, no key) only with BENCH=1; otherwise 404", async () => {
    setConfig({ BENCH: undefined });
    expect((await api('GET', '/api/bench/bare')).status).toBe(404);
    setConfig({ BENCH: '1' });
    const r = await api('GET', '/api/bench/bare');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ result: { ok: true }, success: true, errorMessages: [], statusCode: 200 });
  });
});
