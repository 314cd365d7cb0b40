import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '@/tests/support/config';
import { closeDb } from '@/db/client';
import { lockWithCast } from '../support/factories/core';
import {
  ensureBuild,
  freshStore,
  portAt,
  startServer,
  stopServer,
  type Server,
  type Store,
} from '../resilience/support';

/**
 * Issue 30, item 6: input that never reaches a route, sent as raw bytes to a real server
 * (scripts/server.mjs, what `npm start` runs): malformed percent-encoding, odd methods, the `*`
 * target, prefixes in upper case, repeated slashes, an unknown Expect, unparseable requests, bodies
 * past the limit (declared and chunked), a declared length that never arrives, ids written
 * leniently. Each must answer 4xx in the envelope, with a request id that the server's log line
 * names; a refused write leaves nothing. (Next.js answered several of these with a plain-text 500
 * and no log line, an empty 417, an HTML 404, a 308, or ran a chunked body cut to 64 KB.)
 */
const PORT = portAt(50);
const REQUEST_TIMEOUT_MS = 2000;
let store: Store;
let server: Server | undefined;
let cast: Awaited<ReturnType<typeof lockWithCast>>;
let pinId: number;

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: string;
  ms: number;
}

/** Writes the bytes as they are and reads the answer (until the server closes or `wait` ms). */
function raw(data: string | Buffer, wait = 5000): Promise<Raw> {
  return new Promise((resolve) => {
    const s = net.connect(PORT, '127.0.0.1');
    const chunks: Buffer[] = [];
    const t0 = Date.now();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      s.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const l of lines) {
        const i = l.indexOf(':');
        if (i > 0) headers[l.slice(0, i).toLowerCase()] = l.slice(i + 1).trim();
      }
      let body = rest.join('\r\n\r\n');
      if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body, ms: Date.now() - t0 });
    };
    const timer = setTimeout(finish, wait);
    s.on('connect', () => s.write(data));
    s.on('data', (d) => {
      chunks.push(d);
      // one answer is all we want: stop once its body is complete
      const text = Buffer.concat(chunks).toString('utf8');
      const m = /content-length: (\d+)/i.exec(text);
      const at = text.indexOf('\r\n\r\n');
      if (m && at > 0 && Buffer.byteLength(text.slice(at + 4)) >= Number(m[1])) finish();
      if (!m && at > 0 && text.endsWith('0\r\n\r\n')) finish();
    });
    s.on('close', finish);
    s.on('error', finish);
  });
}

function unchunk(s: string): string {
  let out = '';
  let rest = s;
  for (;;) {
    const i = rest.indexOf('\r\n');
    const n = parseInt(rest.slice(0, i), 16);
    if (!n) return out;
    out += rest.slice(i + 2, i + 2 + n);
    rest = rest.slice(i + 2 + n + 2);
  }
}

const req = (line: string, headers: string[] = [], body = '') =>
  `${line}\r\nHost: 127.0.0.1\r\n${[...headers, 'Connection: close'].map((h) => `${h}\r\n`).join('')}\r\n${body}`;

const auth = () => `Authorization: PersonalKey ${cast.owner.key}`;

/** 4xx in the envelope, with the request id in the headers and in the server's log. */
async function expectRefusal(r: Raw, status: number | number[], what: string) {
  const statuses = Array.isArray(status) ? status : [status];
  expect(statuses, `${what}: ${r.status} ${r.body.slice(0, 200)}`).toContain(r.status);
  expect(r.headers['content-type'], what).toMatch(/^application\/json/);
  const json = JSON.parse(r.body);
  expect(json, what).toMatchObject({ success: false, statusCode: r.status });
  expect(json.errorMessages.length, what).toBeGreaterThan(0);
  const id = r.headers['x-request-id'];
  expect(id, `${what}: request id`).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
  // the log line is written as the answer goes out; the pipe may bring it a moment later
  for (let i = 0; i < 20 && !server!.output().includes(`"id":"${id}"`); i++)
    await new Promise((x) => setTimeout(x, 50));
  expect(server!.output(), `${what}: a log line naming ${id}`).toContain(`"id":"${id}"`);
}

describe(`input that never reaches a route, on the wire (${onPostgres() ? 'Postgres' : 'PGlite'})`, () => {
  beforeAll(async () => {
    await ensureBuild();
    store = await freshStore('fuzz_wire');
    await store.use();
    cast = await lockWithCast();
    await closeDb(); // PGlite: the folder is the server's from now on
    server = await startServer(PORT, store, {
      REQUEST_LOG: '1',
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      SIM_COMMAND_MS: '10',
    });
    const made = await fetch(`${server.url}/api/v37/my/lock/${cast.lock.id}/pin`, {
      method: 'POST',
      headers: { authorization: `PersonalKey ${cast.owner.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ alias: 'Keep', pin: '572913' }),
    });
    expect(made.status).toBe(201);
    pinId = (await made.json()).result.id;
  }, 600_000);
  afterAll(async () => {
    await stopServer(server);
    await store?.drop();
  }, 60_000);

  it('malformed percent-encoding in a path segment: 400 (37 cases)', async () => {
    const bad = ['%ff', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%', '%zz', '%e2%82', '%F4%90%80%80', '%80'];
    const paths = [
      (b: string) => `/api/v37/my/lock/${b}`,
      (b: string) => `/api/v37/my/lock/${cast.lock.id}/pin/${b}`,
      (b: string) => `/api/v37/${b}/lock`,
      (b: string) => `/devices/${b}`,
    ];
    let n = 0;
    for (const p of paths)
      for (const b of bad) {
        await expectRefusal(await raw(req(`GET ${p(b)} HTTP/1.1`, [auth()])), 400, p(b));
        n++;
      }
    await expectRefusal(
      await raw(req(`DELETE /api/v37/my/lock/${cast.lock.id}/pin/%ff HTTP/1.1`, [auth()])),
      400,
      'DELETE',
    );
    expect(n + 1).toBe(37);
  });

  it('odd methods and targets: TRACE, CONNECT, unknown, WebDAV, the * target: 4xx', async () => {
    await expectRefusal(await raw(req('TRACE /api/v37/my/lock HTTP/1.1')), 405, 'TRACE');
    await expectRefusal(await raw(req('TRACE / HTTP/1.1')), 405, 'TRACE /');
    await expectRefusal(await raw(req('PROPFIND /api/v37/my/lock HTTP/1.1')), 405, 'PROPFIND');
    await expectRefusal(await raw(req('FOO /api/v37/my/lock HTTP/1.1')), [400, 405], 'FOO');
    await expectRefusal(await raw('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'), 405, 'CONNECT');
    await expectRefusal(await raw(req('GET * HTTP/1.1')), 400, 'GET *');
    await expectRefusal(await raw(req('OPTIONS * HTTP/1.1')), 400, 'OPTIONS *');
    await expectRefusal(await raw(req('GET http://elsewhere.test/api/v37/my/lock HTTP/1.1')), 400, 'absolute form');
  });

  it('paths: any case of the prefix reaches the API; repeated slashes are refused', async () => {
    await expectRefusal(await raw(req('GET /API/V37/my/lock HTTP/1.1')), 401, '/API/V37/my/lock');
    await expectRefusal(await raw(req('GET /Api/v37/nothing/here HTTP/1.1')), 404, '/Api/v37/nothing');
    const upper = await raw(req('GET /API/V37/MY/LOCK HTTP/1.1', [auth()]));
    expect(upper.status).toBe(200);
    await expectRefusal(await raw(req('GET //api//v37//my/lock HTTP/1.1', [auth()])), 400, '//api//v37//');
    await expectRefusal(await raw(req('GET /api/v37//my/lock HTTP/1.1', [auth()])), 400, '/api/v37//my');
  });

  it('Expect other than 100-continue: 417; a request Node cannot parse: 400', async () => {
    await expectRefusal(
      await raw(req('POST /api/v37/my/lock HTTP/1.1', ['Expect: something-else', 'Content-Length: 2'], '{}')),
      417,
      'Expect',
    );
    await expectRefusal(await raw('GET /api/v37/my/lock HTTP/1.1\r\nHo st: x\r\n\r\n'), 400, 'bad header name');
    await expectRefusal(await raw('GET /api/v37/my/lock HTTP/9.9\r\n\r\n'), 400, 'bad version');
    await expectRefusal(
      await raw(`GET /${'a'.repeat(20_000)} HTTP/1.1\r\n${'X-Big: y\r\n'.repeat(2000)}\r\n`),
      [400, 431],
      'huge head',
    );
  });

  it('bodies past 64 KB: a declared length is refused at once, a chunked one at the first byte past it; nothing runs', async () => {
    const url = `/api/v37/my/lock/${cast.lock.id}/pin`;
    const declared = await raw(
      req(
        `POST ${url} HTTP/1.1`,
        [auth(), 'Content-Type: application/json', 'Content-Length: 1048576'],
        '{"alias":"x"}',
      ),
    );
    await expectRefusal(declared, 413, 'declared 1 MB');
    expect(declared.ms).toBeLessThan(1000);
    // asking first (Expect: 100-continue): refused before the body is sent
    const asked = await raw(
      req(`POST ${url} HTTP/1.1`, [
        auth(),
        'Content-Type: application/json',
        'Content-Length: 1048576',
        'Expect: 100-continue',
      ]),
    );
    await expectRefusal(asked, 413, 'declared 1 MB, 100-continue');
    // a valid PIN in its first 64 KB, then padding: 70,060 bytes in all, invalid JSON as a whole
    const head = JSON.stringify({ alias: 'Cut', pin: '683024' });
    const body = head + ' '.repeat(70_060 - head.length - 1) + '}';
    const chunks = [];
    for (let i = 0; i < body.length; i += 4096) {
      const part = body.slice(i, i + 4096);
      chunks.push(`${Buffer.byteLength(part).toString(16)}\r\n${part}\r\n`);
    }
    const chunked = await raw(
      `POST ${url} HTTP/1.1\r\nHost: x\r\n${auth()}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunks.join('')}0\r\n\r\n`,
    );
    await expectRefusal(chunked, 413, 'chunked 70 KB');
    // a chunked body within the limit is read and served as usual
    const small = JSON.stringify({ alias: 'Chunked', pin: '794135' });
    const ok = await raw(
      `POST ${url} HTTP/1.1\r\nHost: x\r\n${auth()}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\n${small.slice(0, 5)}\r\n${(small.length - 5).toString(16)}\r\n${small.slice(5)}\r\n0\r\n\r\n`,
    );
    expect(ok.status, ok.body).toBe(201);
    const aliases = (await aliasesOnServer()).sort();
    expect(aliases).toEqual(['Chunked', 'Keep']);
  });

  it('a declared length that never arrives: 408 within the request timeout', async () => {
    const r = await raw(
      req(
        `POST /api/v37/my/lock/${cast.lock.id}/pin HTTP/1.1`,
        [auth(), 'Content-Type: application/json', 'Content-Length: 100'],
        '{"alias":"Half"',
      ),
      REQUEST_TIMEOUT_MS + 5000,
    );
    await expectRefusal(r, 408, 'length never arrives');
    expect(r.ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(r.ms).toBeLessThan(REQUEST_TIMEOUT_MS + 2500);
  });

  it('path ids written leniently are refused (400), and delete nothing', async () => {
    for (const id of [
      '1e0',
      `${pinId}e0`,
      `0x${pinId.toString(16)}`,
      `+${pinId}`,
      `${pinId}.0`,
      `%20${pinId}`,
      `0${pinId}`,
    ]) {
      const r = await raw(req(`DELETE /api/v37/my/lock/${cast.lock.id}/pin/${id} HTTP/1.1`, [auth()]));
      await expectRefusal(r, 400, `pin id ${id}`);
    }
    expect(await aliasesOnServer()).toContain('Keep');
  });
});

async function aliasesOnServer(): Promise<string[]> {
  const r = await fetch(`${server!.url}/api/v37/my/lock/${cast.lock.id}/pin`, {
    headers: { authorization: `PersonalKey ${cast.owner.key}` },
  });
  return ((await r.json()).result.pins as Array<{ alias: string }>).map((p) => p.alias);
}
