import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '@/tests/support/config';
import { closeDb } from '@/db/client';
import { createUser, db, type TestUser } from '../support/factories/core';
import {
  ensureBuild,
  freshStore,
  portAt,
  startServer,
  stopServer,
  type Server,
  type Store,
} from '../resilience/support';
import { installChangeLog, takeChanges } from './changes';
import { NASTY_STRINGS } from './inputs';

/**
 * Issue 21, item 5, for the one route file the in-process fuzz run cannot call: next-auth's
 * handler (/api/auth/*) reads cookies through Next.js's request scope, so this runs it in a real
 * server (the production build, a database of its own). Hostile sign-ins (odd e-mails and
 * passwords, no or a wrong CSRF token, other content types, malformed bodies), forged and huge
 * cookies, open-redirect callback URLs, unknown providers and paths, other methods. For every
 * answer: never 5xx, never a session cookie, never a redirect off the server's origin. The row
 * triggers (changes.ts) show afterwards that only attempt counters were written, and that the one
 * right password of the run (the control) made exactly one session.
 */
const PORT = portAt(60);
const MAY_WRITE = new Set(['rate_limits', 'sign_in_failures']);

let store: Store;
let server: Server | undefined;
let user: TestUser;
/** signs in once, at the end, from an address of its own: the control */
let control: TestUser;

describe(`next-auth's routes under hostile input, in a real server (${onPostgres() ? 'Postgres' : 'PGlite'})`, () => {
  beforeAll(async () => {
    await ensureBuild();
    store = await freshStore('fuzz_auth');
    await store.use();
    user = await createUser({ password: 'the-right-password-1' });
    control = await createUser({ password: 'the-control-password-1' });
    await installChangeLog(await db());
    await takeChanges(await db());
    // PGlite belongs to one process: the test lets go of it while the server runs
    await closeDb();
    // each request names a client of its own (as a proxy in front would): the address throttle
    // would otherwise slow the run down to its cap long before the end
    server = await startServer(PORT, store, { TRUST_PROXY_HOPS: '1' });
  }, 600_000);
  afterAll(async () => {
    await stopServer(server);
    await store?.drop();
  }, 60_000);

  it('no 5xx, no session, no redirect elsewhere; only attempt counters written, one session for the one right password', {
    timeout: 300_000,
  }, async () => {
    const base = server!.url;
    const problems: string[] = [];
    let sent = 0;
    const send = async (
      what: string,
      method: string,
      path: string,
      init: { body?: string; type?: string; cookie?: string } = {},
    ) => {
      const headers: Record<string, string> = {
        origin: base,
        'x-forwarded-for': `2001:db8:a::${(sent + 1).toString(16)}`,
      };
      if (init.type) headers['content-type'] = init.type;
      if (init.cookie) headers.cookie = init.cookie;
      const r = await fetch(base + path, { method, headers, body: init.body, redirect: 'manual' }).catch(
        (e: unknown) => ({ status: 0, error: String(e) }) as const,
      );
      sent++;
      if ('error' in r) {
        problems.push(`${what}: no answer (${r.error})`);
        return undefined;
      }
      await r.text();
      if (r.status >= 500)
        problems.push(
          `${what}: ${method} ${path.slice(0, 80)} answered ${r.status}${problems.length ? '' : `; the server said: ${server!.output().slice(-1500)}`}`,
        );
      const location = r.headers.get('location');
      if (location && !location.startsWith('/') && !location.startsWith(base))
        problems.push(`${what}: redirect off the origin to ${location.slice(0, 80)}`);
      return r;
    };
    const sessionOf = (r: Response | undefined) =>
      (r?.headers.getSetCookie() ?? []).some((c) => /session-token=[^;]+/.test(c));

    // a CSRF token and its cookie, as the sign-in page gets them
    const csrfRes = await fetch(`${base}/api/auth/csrf`);
    const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
    const csrfCookie = csrfRes.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const FORM = 'application/x-www-form-urlencoded';

    const emails = [
      user.email,
      user.email.toUpperCase(),
      `${user.email}\u0000`,
      ` ${user.email} `,
      `${user.email}'--`,
      ...NASTY_STRINGS,
      'e'.repeat(400) + '@x.test',
    ];
    const passwords = [
      'wrong',
      '',
      'the-right-password-1\u0000',
      'THE-RIGHT-PASSWORD-1',
      ...NASTY_STRINGS,
      'p'.repeat(2000),
    ];
    const callbacks = [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/%09/evil.example',
      `${base}@evil.example`,
      '/devices',
    ];

    for (const email of emails) {
      for (const password of passwords) {
        const r = await send(
          `sign-in ${JSON.stringify(email).slice(0, 40)} / ${JSON.stringify(password).slice(0, 30)}`,
          'POST',
          '/api/auth/callback/credentials',
          {
            type: FORM,
            cookie: csrfCookie,
            body: form({ csrfToken, email, password, callbackUrl: callbacks[sent % callbacks.length], json: 'true' }),
          },
        );
        if (sessionOf(r)) problems.push(`a session for ${JSON.stringify(email)} / ${JSON.stringify(password)}`);
      }
    }
    // the right password without the CSRF token, with a wrong one, as JSON, as text, as multipart
    const right = { email: user.email, password: 'the-right-password-1' };
    const refusedShapes: [string, { body: string; type?: string; cookie?: string }][] = [
      ['no CSRF token', { body: form(right), type: FORM }],
      ['a wrong CSRF token', { body: form({ ...right, csrfToken: 'x'.repeat(64) }), type: FORM, cookie: csrfCookie }],
      ['the token without its cookie', { body: form({ ...right, csrfToken }), type: FORM }],
      ['JSON without a token', { body: JSON.stringify(right), type: 'application/json' }],
      ['malformed JSON', { body: '{"email":', type: 'application/json', cookie: csrfCookie }],
      ['text/plain', { body: form(right), type: 'text/plain', cookie: csrfCookie }],
      [
        'multipart',
        {
          body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na\r\n--x--',
          type: 'multipart/form-data; boundary=x',
          cookie: csrfCookie,
        },
      ],
      ['no body', { body: '', type: FORM, cookie: csrfCookie }],
      [
        'a body over the limit',
        { body: form({ csrfToken, email: user.email, password: 'p'.repeat(70_000) }), type: FORM, cookie: csrfCookie },
      ],
    ];
    for (const [what, init] of refusedShapes) {
      const r = await send(what, 'POST', '/api/auth/callback/credentials', init);
      if (sessionOf(r)) problems.push(`${what}: a session was made`);
    }
    // the second steps with garbage, forged and huge cookies, odd paths and methods
    for (const provider of ['second-factor', 'passkey', 'nosuchprovider', 'credentials%00', '..%2Fcredentials']) {
      for (const fields of [
        {} as Record<string, string>,
        { csrfToken, token: 'x', code: '000000' },
        { csrfToken, token: NASTY_STRINGS[3], code: NASTY_STRINGS[2] },
        { csrfToken, response: '{"id":' },
      ]) {
        await send(`second step ${provider}`, 'POST', `/api/auth/callback/${provider}`, {
          type: FORM,
          cookie: csrfCookie,
          body: form(fields),
        });
      }
    }
    const forgedJwt = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: user.id, sid: 'x' })).toString('base64url')}.`;
    const cookies = [
      'next-auth.session-token=garbage',
      `next-auth.session-token=${forgedJwt}`,
      `next-auth.session-token=${'a'.repeat(4000)}`,
      'next-auth.session-token.0=a; next-auth.session-token.1=b',
      `next-auth.csrf-token=${'x'.repeat(200)}`,
      '=; ; ;=x',
    ];
    const paths = [
      '/api/auth/session',
      '/api/auth/csrf',
      '/api/auth/providers',
      '/api/auth/signin',
      '/api/auth/signout',
      '/api/auth/error?error=%3Cscript%3E',
      '/api/auth/_log',
      '/api/auth/no/such/path',
      '/api/auth/callback/credentials',
      '/api/auth/signin/credentials',
    ];
    for (const path of paths) {
      for (const cookie of cookies) {
        const r = await send(`GET with cookie ${cookie.slice(0, 30)}`, 'GET', path, { cookie });
        if (sessionOf(r)) problems.push(`GET ${path} with a forged cookie made a session`);
      }
      for (const cb of callbacks)
        await send(
          `callbackUrl ${cb}`,
          'GET',
          `${path}${path.includes('?') ? '&' : '?'}callbackUrl=${encodeURIComponent(cb)}`,
        );
      for (const method of ['PUT', 'PATCH', 'DELETE'])
        await send(`${method} ${path}`, method, path, { type: FORM, body: 'a=1' });
    }
    await send('sign out without a token', 'POST', '/api/auth/signout', {
      type: FORM,
      body: form({ callbackUrl: 'https://evil.example' }),
    });

    // the control: the right password, in the form the sign-in page sends, makes one session
    const ok = await send('the right password (control)', 'POST', '/api/auth/callback/credentials', {
      type: FORM,
      cookie: csrfCookie,
      body: form({ csrfToken, email: control.email, password: 'the-control-password-1', json: 'true' }),
    });
    expect(sessionOf(ok), 'the control sign-in made no session: the harness would not see one either').toBe(true);

    expect(problems.slice(0, 30)).toEqual([]);
    expect(sent).toBeGreaterThan(500);
    await stopServer(server);
    server = undefined;
    const writes = await takeChanges(await db());
    const tables = [...new Set(writes.map((w) => w.tbl))].sort();
    const other = writes.filter((w) => !MAY_WRITE.has(w.tbl));
    // the control's session, and nothing else beyond the attempt counters
    expect(
      other.map((w) => `${w.tbl} ${w.op}`),
      `tables written: ${tables.join(', ')}`,
    ).toEqual(['sessions INSERT']);
    console.log(`next-auth fuzz: ${sent} requests; tables written: ${tables.join(', ')}`);
  });
});
