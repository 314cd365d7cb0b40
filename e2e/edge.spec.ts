import http from 'node:http';
import { createHash, randomUUID } from 'node:crypto';
import { DEMO, expect, signIn, test } from './fixtures';
import { E2E } from './env';

/**
 * The edge of the running server: its headers, where it sends people after sign-in, what it does
 * with large bodies, and whose address a request is counted under.
 */
test.describe('headers', () => {
  test('pages: a CSP whose nonce every script of the page carries, no framing, nosniff, a referrer policy', async ({
    page,
  }) => {
    const res = (await page.goto('/sign-in'))!;
    const h = res.headers();
    const csp = h['content-security-policy'];
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const scripts = [...(await res.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) expect(s).toContain(`nonce="${nonce}"`);
    // and the page works under it: the form hydrated and checks input
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter your e-mail address.')).toBeVisible();
  });

  test("the guest's link page: one file for every link, whose inline scripts the CSP names by hash; it runs under it", async ({
    page,
  }) => {
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    const token = 'Z'.repeat(43);
    const res = (await page.goto(`/link/${token}`))!;
    const h = res.headers();
    const csp = h['content-security-policy'];
    expect(csp).not.toContain('nonce-');
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    const listed = new Set([...csp.matchAll(/'(sha256-[^']+)'/g)].map((m) => m[1]));
    const html = await res.text();
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      (m) => !/\bsrc=/.test(m[1]) && m[2] !== '',
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, , body] of inline)
      expect(listed).toContain(`sha256-${createHash('sha256').update(body).digest('base64')}`);
    // the file names no link: the token is read in the browser
    expect(html).not.toContain(token);
    expect(h['referrer-policy']).toBe('no-referrer');
    expect(h['cache-control']).toBe('no-store');
    // and it runs: it read the link (unknown) and says so, with no script refused
    await expect(page.getByRole('heading', { name: 'Link not found' })).toBeVisible();
    expect(refused).toEqual([]);
  });

  test('the API: nosniff and no-store', async ({ request }) => {
    const res = await request.get('/api/v37/my/personalaccesskey');
    expect(res.status()).toBe(401);
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
    expect(res.headers()['cache-control']).toBe('no-store');
  });
});

test.describe('after sign-in, the redirect stays home', () => {
  for (const target of ['/%09/evil.example', '/%0A/evil.example', '//evil.example', '/\\evil.example']) {
    test(`callbackUrl=${target}`, async ({ page }) => {
      const res = await page.goto(`/sign-in?callbackUrl=${target}`);
      expect(res!.status()).toBe(200);
      await page.getByLabel('E-mail').fill(DEMO.outsider);
      await page.getByLabel('Password').fill('demo-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((u) => !u.pathname.startsWith('/sign-in'));
      expect(new URL(page.url()).host).toBe(new URL(res!.url()).host);
      expect(new URL(page.url()).pathname).toBe('/home');
    });
  }
});

/**
 * A POST whose body the server must refuse from its declared length, sent as curl sends a large
 * body: the headers first, then a wait for an early answer before the first byte of the body.
 * Writing the body while the server answers and closes races its close (EPIPE or a reset that
 * throws the answer away, stop 44's CI), so the answer is expected before any of the body is
 * sent; a server that waits for the body gets no body and the test fails on the missing answer.
 */
function postLarge(path: string, size: number, waitMs = 10_000): Promise<{ status: number; body: string }> {
  const port = E2E.port;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(size) },
      },
      (res) => {
        clearTimeout(timer);
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          resolve({ status: res.statusCode!, body: text });
          req.destroy();
        });
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      reject(
        new Error(`no answer to the headers of a ${size}-byte body in ${waitMs} ms: the server waits for the body`),
      );
    }, waitMs);
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    req.flushHeaders();
  });
}

/** A request to the server from a local address of our choosing (127.0.0.0/8 is all this machine). */
function postFrom(
  localAddress: string,
  path: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const port = E2E.port;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

test.describe('input', () => {
  test('a 20 MB body is refused with 413 in the envelope, at once', async ({ request }) => {
    const started = Date.now();
    const res = await postLarge('/api/v37/account/register', 20 * 1024 * 1024);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, statusCode: 413 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await request.get('/api/health')).status()).toBe(200);
  });

  test('sign-ups are counted per client address: rotating X-Forwarded-For does not escape the limit', async () => {
    // a local address of this test's own, so other tests' sign-ups (from 127.0.0.1) do not count
    const me = `127.0.${Math.floor(Math.random() * 200) + 20}.${Math.floor(Math.random() * 200) + 20}`;
    const signUp = (from: string, i: number) =>
      postFrom(
        from,
        '/api/v37/account/register',
        JSON.stringify({ email: `xff-${randomUUID()}@example.com`, password: 'long enough', displayName: 'X' }),
        {
          'x-forwarded-for': `198.51.100.${i}, 203.0.113.${i}`,
          'x-smartlock-client-address': `192.0.2.${i}`,
        },
      );
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) statuses.push((await signUp(me, i)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(statuses[10]).toBe(429);
    // another address is not affected
    expect(
      (
        await signUp(
          me.replace(/\d+$/, (n) => String((Number(n) % 200) + 21)),
          12,
        )
      ).status,
    ).toBe(202);
  });
});

/** Every answer under /api is ours (issue 18; lib/http/api-proxy.ts, app/api/[...path]). */
test.describe('every /api answer is the envelope', () => {
  test('an unknown path: 404 JSON, not the HTML page; the version and the correlation id', async ({ request }) => {
    const res = await request.get('/api/v37/my/nothing-here', { headers: { 'x-correlation-id': 'e2e-corr-0001' } });
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toMatch(/^application\/json/);
    expect(res.headers()['api-supported-versions']).toBe('37');
    expect(res.headers()['x-correlation-id']).toBe('e2e-corr-0001');
    expect(await res.json()).toMatchObject({ success: false, statusCode: 404 });
  });

  test('a method the route does not serve: 405 JSON with Allow', async ({ request }) => {
    const res = await request.get('/api/v37/my/gate/1/sync');
    expect(res.status()).toBe(405);
    expect(res.headers()['allow']).toBe('POST, OPTIONS');
    expect(res.headers()['api-supported-versions']).toBe('37');
    expect(res.headers()['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.json()).toEqual({
      success: false,
      errorMessages: ['GET is not served at this path; it takes POST.'],
      statusCode: 405,
    });
  });

  test('resource names in any case reach their route (Tedee writes accessLink); a route answer carries the headers too', async ({
    page,
  }) => {
    await signIn(page, DEMO.owner);
    const res = await page.request.get('/api/v37/My/Lock');
    expect(res.status()).toBe(200);
    expect(Array.isArray((await res.json()).result)).toBe(true);
    expect(res.headers()['api-supported-versions']).toBe('37');
    const orgs = (await (await page.request.get('/api/v37/organization')).json()).result.organizations;
    const links = await page.request.get(`/api/v37/Organization/${orgs[0].id}/AccessLink`);
    expect(links.status()).toBe(200);
  });
});
