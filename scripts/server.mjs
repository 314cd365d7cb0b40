#!/usr/bin/env node
// The production HTTP server of one app process (`npm start` runs it; so do the cluster and the
// resilience tests): Node's http server around Next's request handler (Next's documented custom
// server, `next({ dev: false })`, the same handler `next start` uses). It exists for what `next
// start` leaves to Node's defaults, which answer outside the API's envelope or not at all:
//  - input that never reaches a route: a request line or header Node cannot parse, an unknown
//    method, CONNECT and TRACE, the `*` target, a path with malformed percent-encoding, an
//    `Expect` other than 100-continue: each a 4xx in the envelope with a request id and a log line
//    (Next answered TRACE, `*` and bad encoding with a plain-text 500 and logged nothing);
//  - the body limit on the wire: a declared length past it is refused at once (413), a chunked
//    body is counted as it arrives and refused at the first byte past it (Next's proxy copy cut
//    such a body to its limit and ran the route on the cut part); a request that does not arrive
//    in full within REQUEST_TIMEOUT_MS (default 5 s) gets 408 (Node's default waited 5 minutes);
//  - a graceful stop (SIGTERM, SIGINT) that finishes within its budget under load: the listener
//    closes, idle keep-alive connections are closed at once, every answer from then on says
//    `Connection: close`, live-update streams are ended (the browser reconnects elsewhere), then
//    the requests under way are waited for; the app's own stop (workers, device commands, the
//    database pool: lib/server/shutdown.ts) runs meanwhile and closes the pool after the last answer.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import next from 'next';

const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || undefined;
const bodyLimit = 64 * 1024; // the most any route takes (lib/http/edge.ts DEFAULT_BODY_LIMIT)
const requestTimeoutMs = Number(process.env.REQUEST_TIMEOUT_MS || 5000);
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const ALLOW = [...METHODS].join(', ');

/** The app's stop, registered by lib/server/shutdown.ts when the server has started (instrumentation). */
const hook = { stop: undefined };
globalThis.__smartlockServer = hook;

const SANE_ID = /^[A-Za-z0-9._-]{8,64}$/;
function requestIdOf(headers) {
  for (const name of ['x-correlation-id', 'x-request-id']) {
    const given = headers?.[name];
    if (typeof given === 'string' && SANE_ID.test(given)) return given;
  }
  return randomUUID();
}

const quiet = process.env.REQUEST_LOG === '0';
const loggedRoute = (p) =>
  String(p ?? '')
    .replace(/\/link\/[^/?]+/, '/link/:token')
    .split('?')[0]
    .slice(0, 200);
function logLine(id, method, target, status, started) {
  if (quiet) return;
  process.stdout.write(
    `${JSON.stringify({ t: new Date().toISOString(), level: 'info', id, method: String(method ?? '?').slice(0, 20), route: loggedRoute(target), status, ms: Math.round((performance.now() - started) * 10) / 10, edge: 'server' })}\n`,
  );
}

/** The API's envelope and edge headers (lib/http/envelope.ts, lib/http/edge.ts), as bytes and headers. */
function refusal(status, message, id, extra = {}) {
  const body = JSON.stringify({ success: false, errorMessages: [message], statusCode: status });
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-request-id': id,
    'x-correlation-id': id,
    'api-supported-versions': '37',
    ...extra,
  };
  return { body, headers };
}

/** Answers on a response object, closing the connection after it (the rest of the request is not read). */
function answer(req, res, status, message, started, extra = {}) {
  const id = requestIdOf(req.headers);
  const { body, headers } = refusal(status, message, id, { connection: 'close', ...extra });
  logLine(id, req.method, req.url, status, started);
  res.shouldKeepAlive = false;
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Answers on a bare socket (no request object: a parse error, a timeout, CONNECT), then closes it. */
function answerSocket(socket, status, message, method, target, started) {
  const current = socket[CURRENT];
  const id = current ? requestIdOf(current.headers) : randomUUID();
  method ??= current?.method;
  target ??= current?.url;
  if (socket.writable && !socket._httpMessage?.headersSent) {
    const { body, headers } = refusal(status, message, id, { connection: 'close' });
    const head = Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n');
    logLine(id, method, target, status, started);
    socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\n${head}\r\n\r\n${body}`);
  } else {
    logLine(id, method, target, status, started);
    socket.destroy();
  }
}

/** Why a request target cannot go on to Next.js, or undefined. */
function badTarget(url) {
  if (url === '*') return 'The request target * names the server as a whole; ask for a path under /api/v37.';
  if (!url.startsWith('/')) return 'The request target must be a path (origin-form, starting with /).';
  const path = url.split('?', 1)[0];
  for (const segment of path.split('/')) {
    try {
      decodeURIComponent(segment);
    } catch {
      return 'The path is not valid percent-encoded UTF-8.';
    }
  }
  if (/^\/+api\/*/i.test(path.replace(/\/{2,}/g, '/')) && /\/\//.test(path))
    return 'The path has an empty segment (two slashes in a row); API paths are written /api/v37/... with single slashes.';
  return undefined;
}

const app = next({ dev: false, dir: process.cwd(), hostname: host ?? 'localhost', port });
await app.prepare();
const handle = app.getRequestHandler();

let stopping = false;
/** Requests under way: their response, and whether they stream (live updates). */
const inFlight = new Set();
let drained = () => {};

/** The request a connection is on, for an answer about it that comes from the socket (a timeout). */
const CURRENT = Symbol('request');

async function onRequest(req, res) {
  const started = performance.now();
  const entry = { req, res };
  req.socket[CURRENT] = req;
  inFlight.add(entry);
  // one listener of ours beside Next's own (it adds up to ten on a streamed answer): the warning
  // for a leak stays where it was for theirs
  res.setMaxListeners(res.getMaxListeners() + 1);
  res.once('close', () => {
    inFlight.delete(entry);
    if (stopping && inFlight.size === 0) drained();
  });
  if (stopping) res.setHeader('connection', 'close');
  if (!METHODS.has(req.method)) {
    return answer(req, res, 405, `${req.method} is not served; methods are ${ALLOW}.`, started, { allow: ALLOW });
  }
  const bad = badTarget(req.url ?? '');
  if (bad) return answer(req, res, 400, bad, started);
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > bodyLimit) return answer(req, res, 413, tooLargeMessage, started);
  let forNext = req;
  if (req.headers['transfer-encoding'] !== undefined && req.method !== 'GET' && req.method !== 'HEAD') {
    // a body without a declared length: counted as it arrives, and handed on with its length once
    // complete, or refused at the first byte past the limit
    const body = await readBounded(req);
    if (body === 'too large') return answer(req, res, 413, tooLargeMessage, started);
    if (body === 'aborted') return;
    forNext = withBody(req, body);
  }
  try {
    await handle(forNext, res);
  } catch (e) {
    const id = requestIdOf(req.headers);
    console.error(
      JSON.stringify({
        t: new Date().toISOString(),
        level: 'error',
        where: 'server',
        id,
        error: e instanceof Error ? `${e.name}: ${e.message.split('\n', 1)[0].slice(0, 300)}` : String(e),
      }),
    );
    if (!res.headersSent)
      answer(req, res, 500, `An unexpected error occurred. Request id: ${requestIdOf(req.headers)}.`, started);
    else res.destroy();
  }
}

const tooLargeMessage = `The request body is larger than ${bodyLimit / 1024} KB, the most this server takes.`;

function readBounded(req) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    let done = false;
    const finish = (v) => {
      if (done) return;
      done = true;
      resolve(v);
    };
    req.on('data', (c) => {
      if (done) return;
      size += c.length;
      if (size > bodyLimit) {
        req.pause();
        finish('too large');
      } else chunks.push(c);
    });
    req.on('end', () => finish(Buffer.concat(chunks)));
    req.on('aborted', () => finish('aborted'));
    req.on('error', () => finish('aborted'));
  });
}

/** The request again, with its body read: a declared length instead of chunks. */
function withBody(req, body) {
  const copy = new http.IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  const headers = { ...req.headers, 'content-length': String(body.length) };
  delete headers['transfer-encoding'];
  copy.headers = headers;
  copy.rawHeaders = Object.entries(headers).flatMap(([k, v]) => (Array.isArray(v) ? v.flatMap((x) => [k, x]) : [k, v]));
  copy.push(body);
  copy.push(null);
  copy.complete = true;
  return copy;
}

const server = http.createServer(
  {
    requestTimeout: requestTimeoutMs,
    headersTimeout: Math.min(requestTimeoutMs, 60_000),
    // how often unfinished requests are checked against those two (Node's default: every 30 s)
    connectionsCheckingInterval: Math.max(250, Math.min(1000, requestTimeoutMs / 4)),
  },
  (req, res) => void onRequest(req, res),
);
server.keepAliveTimeout = Number(process.env.KEEP_ALIVE_TIMEOUT_MS || 5000);

// a request Node could not parse (bad request line, unknown method, bad header, too many
// headers), or one that did not arrive in time: the answer is the envelope, never Node's bare one
server.on('clientError', (err, socket) => {
  const started = performance.now();
  const code = err?.code;
  if (code === 'ECONNRESET' || code === 'EPIPE' || !socket.writable) return socket.destroy();
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return answerSocket(
      socket,
      408,
      `The request did not arrive in full within ${requestTimeoutMs / 1000} s.`,
      undefined,
      undefined,
      started,
    );
  if (code === 'HPE_HEADER_OVERFLOW')
    return answerSocket(socket, 431, 'The request headers are too large.', undefined, undefined, started);
  if (code === 'HPE_INVALID_METHOD')
    return answerSocket(socket, 405, `That method is not served; methods are ${ALLOW}.`, undefined, undefined, started);
  answerSocket(socket, 400, 'The request is not valid HTTP/1.1.', undefined, undefined, started);
});
// CONNECT (a tunnel): not a proxy
server.on('connect', (req, socket) =>
  answerSocket(socket, 405, `CONNECT is not served; methods are ${ALLOW}.`, 'CONNECT', req.url, performance.now()),
);
// `Expect: 100-continue`: a body past the limit is refused before the client sends it
server.on('checkContinue', (req, res) => {
  if (Number(req.headers['content-length'] ?? 0) > bodyLimit)
    return answer(req, res, 413, tooLargeMessage, performance.now());
  res.writeContinue();
  void onRequest(req, res);
});
// any other expectation cannot be met
server.on('checkExpectation', (req, res) =>
  answer(req, res, 417, 'Only "Expect: 100-continue" is understood.', performance.now()),
);

server.on('error', (e) => {
  console.error(`The server could not listen on port ${port}: ${e.message}`);
  process.exit(1);
});
server.listen(port, host, () => console.log(`server: ready on port ${port} (pid ${process.pid})`));

const STREAMING = /text\/event-stream/;

async function stop(signal) {
  if (stopping) return;
  stopping = true;
  const boundMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000);
  const started = Date.now();
  // 1. no new connections; idle keep-alive ones closed now, the others after their answer
  server.close();
  server.closeIdleConnections();
  for (const { res } of inFlight) {
    if (!res.headersSent) res.setHeader('connection', 'close');
    // a live-update stream never ends by itself: end it, the client reconnects to another process
    else if (STREAMING.test(String(res.getHeader('content-type') ?? ''))) res.destroy();
  }
  const httpDrained = new Promise((resolve) => {
    drained = resolve;
    if (inFlight.size === 0) resolve();
  }).then(() => server.closeAllConnections());
  // 2. the app's stop: workers, device commands, then (after the last answer) the database pool
  const code = hook.stop
    ? await hook.stop({ signal, boundMs, serverClosed: httpDrained })
    : await Promise.race([httpDrained.then(() => 0), new Promise((r) => setTimeout(() => r(1), boundMs).unref())]);
  console.log(`${signal}: stopped in ${Date.now() - started} ms (${inFlight.size} requests cut off)`);
  process.exit(code);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
