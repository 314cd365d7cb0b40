import { clientAddress } from './client-address';
import type { NextRequest } from 'next/server';
import pLimit from 'p-limit';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { authenticate } from '@/lib/auth/caller';
import { forgetKey, keyStillValid } from '@/lib/auth/keys';
import { forgetSession, sessionStillLive } from '@/lib/auth/sessions';
import type { Scope } from '@/lib/auth/scopes';
import type { BaseCtx, Ctx, KeyCheck } from '@/lib/domain/context';
import { isDomainError, type ErrorCode } from '@/lib/domain/errors';
import { BodyTooLarge, DEFAULT_BODY_LIMIT, finish, readBodyText, requestIdOf, tooLarge } from './edge';
import { empty, envelope, failure, flat } from './envelope';
import type { Responses } from './responses';
import { logError } from '@/lib/log';
import { loggedRoute } from './log';
import { queryToObject } from './query';
import { isReply } from './reply';
import { spendApiBudget } from './ratelimit';
import { isDatabaseUnreachable, unavailableResponse } from './unavailable';
import { overBudgetMessage, rateLimitHeaders, type RateClass } from './ratelimit-policy';

const STATUS: Record<ErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  not_acceptable: 406,
  device_timeout: 408,
  conflict: 409,
  device_busy: 409,
  gone: 410,
  precondition_failed: 412,
  device_unreachable: 428,
  rate_limited: 429,
};

type Obj = z.ZodObject;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

interface Spec<Q, B, P> {
  /** One line for the OpenAPI document (lib/http/openapi). */
  summary?: string;
  /** Per success status, what the answer holds (lib/http/responses.ts): the document and the tests' check of every answer. */
  responses?: Responses;
  /** Error statuses beyond the ones every route may answer (lib/http/openapi/errors.ts), e.g. 408/428 of device commands. */
  errors?: number[];
  /** The caller needs at least one of these; 'public' for endpoints authorized otherwise (access link token). */
  scopes: Scope[] | 'public';
  query?: Q;
  body?: B;
  params?: P;
  /**
   * At most this many requests of the endpoint run at once in this process; the others wait their
   * turn in arrival order, and one whose client has gone meanwhile is dropped. For heavy reads:
   * fifty interleaved thousand-device answers made every one of them late and some wait past 10 s.
   */
  concurrency?: number;
  /** Bodies above this many bytes are refused with 413 (default 64 KB, lib/http/edge.ts). */
  maxBody?: number;
  /**
   * Which budget of the caller's account the request spends (lib/http/ratelimit-policy.ts):
   * 'commands' for what opens or locks, which polling must never use up; 'api' otherwise.
   */
  rateLimit?: RateClass;
}

/** What one request spent of its account's budget, for the answer's RateLimit headers. */
interface Spent {
  counted?: Awaited<ReturnType<typeof spendApiBudget>>;
  via?: 'session' | 'key';
}

/** The client closed the connection while its request waited its turn (nginx's 499). */
const CLIENT_GONE = new Response(null, { status: 499 });

interface Args<Q, B, P> {
  query: Out<Q>;
  body: Out<B>;
  params: Out<P>;
  req: NextRequest;
}

const ROUTE_SPEC = Symbol.for('smartlock.routeSpec');

type RouteContext = { params: Promise<Record<string, string | string[]>> };
type Handler = (req: NextRequest, rc: RouteContext) => Promise<Response>;

/** An endpoint for a signed-in caller or key holder. */
export function route<Q extends Obj | undefined = undefined, B extends z.ZodType | undefined = undefined, P extends Obj | undefined = undefined>(
  spec: Spec<Q, B, P> & { scopes: Scope[] },
  handler: (ctx: Ctx, args: Args<Q, B, P>) => Promise<unknown>,
): Handler;
/** An endpoint that authorizes by other means (the link token in its path). */
export function route<Q extends Obj | undefined = undefined, B extends z.ZodType | undefined = undefined, P extends Obj | undefined = undefined>(
  spec: Spec<Q, B, P> & { scopes: 'public' },
  handler: (ctx: BaseCtx, args: Args<Q, B, P>) => Promise<unknown>,
): Handler;
export function route(spec: Spec<Obj | undefined, z.ZodType | undefined, Obj | undefined>, handler: (ctx: never, args: never) => Promise<unknown>): Handler {
  const turn = spec.concurrency ? pLimit(spec.concurrency) : undefined;
  const maxBody = spec.maxBody ?? DEFAULT_BODY_LIMIT;
  // One request id and one log line per request; reads may start on a key remembered from an
  // earlier request, writes always look it up first.
  const wrapped: Handler = async (req, rc) => {
    const started = performance.now();
    const requestId = requestIdOf(req);
    const spent: Spent = {};
    const res = finish(req, await run(req, rc, req.method === 'GET' || req.method === 'HEAD', requestId, spent), requestId, started);
    for (const [k, v] of Object.entries(rateLimitHeaders(spent.via ?? 'key', spent.counted))) res.headers.set(k, v);
    return res;
  };
  const run = async (req: NextRequest, rc: RouteContext, allowUnchecked: boolean, requestId: string, spent: Spent): Promise<Response> => {
    let ctx: BaseCtx | Ctx | undefined;
    try {
      // a body too large for this endpoint is refused before anything else, without reading it
      if (Number(req.headers.get('content-length') ?? 0) > maxBody) throw new BodyTooLarge(maxBody);
      const db = await getDb();
      const now = () => new Date();
      ctx = { db, now };
      if (spec.scopes !== 'public') {
        const auth = await authenticate(req, db, now(), allowUnchecked);
        if (!auth.ok) {
          const challenge = auth.reason === 'invalid_token' ? 'Bearer error="invalid_token"' : auth.reason === 'key_in_query' ? 'Bearer error="invalid_request"' : 'Bearer';
          if (auth.reason === 'bad_origin') return failure(403, [auth.message]);
          return failure(401, [auth.message], { 'www-authenticate': challenge });
        }
        if (!spec.scopes.some((s) => auth.caller.scopes.has(s))) {
          // a remembered key may have changed since: only a fresh lookup may refuse it
          if (auth.unchecked) return run(req, rc, false, requestId, spent);
          return failure(403, [`This key lacks the scope for this endpoint (one of: ${spec.scopes.join(', ')}).`]);
        }
        const keyCheck = auth.unchecked ? { keyId: auth.caller.keyId, sessionId: auth.caller.keyId ? undefined : auth.caller.sessionId, scopes: spec.scopes, done: false } : undefined;
        ctx = { db, now, caller: auth.caller, keyCheck, client: clientAddress(req.headers) };
        // one budget per account and class, counted once per request (not again when a remembered key is looked up afresh)
        if (!spent.counted) {
          spent.via = auth.caller.via;
          spent.counted = await spendApiBudget(db, auth.caller, spec.rateLimit ?? 'api', now());
        }
        if (!spent.counted.allowed) {
          if (!(await keyConfirmed(ctx))) return run(req, rc, false, requestId, spent);
          return failure(429, [overBudgetMessage(spent.counted)], { 'retry-after': String(spent.counted.resetSeconds) });
        }
      }
      const rawParams = await rc.params;
      const rawBody = spec.body ? await readJson(req, maxBody) : undefined;
      // All three are checked before answering, so one 400 lists every problem at once.
      const issues: z.core.$ZodIssue[] = [];
      const check = <S extends z.ZodType | undefined>(schema: S, value: () => unknown, where: string) => {
        if (!schema) return undefined;
        const r = schema.safeParse(value());
        // a problem with the whole thing (a body that is a list) is named by where it is
        if (!r.success) issues.push(...r.error.issues.map((i) => (i.path.length ? i : { ...i, path: [where] })));
        return r.data as Out<S>;
      };
      const rawQuery = spec.query ? queryToObject(req.nextUrl.searchParams, spec.query) : undefined;
      // text the database cannot keep (a NUL character, half of a surrogate pair) is refused here,
      // once for every route, instead of failing deep inside a query with a 500
      if (spec.params) issues.push(...unstorableText(rawParams, []));
      if (spec.query) issues.push(...unstorableText(rawQuery, []));
      if (spec.body) issues.push(...unstorableText(rawBody, []));
      const params = check(spec.params, () => rawParams, 'path');
      const query = check(spec.query, () => rawQuery, 'query');
      const body = check(spec.body, () => rawBody, 'body');
      if (issues.length) throw new z.ZodError(issues);
      const call = () => (handler as (c: unknown, a: unknown) => Promise<unknown>)(ctx, { query, body, params, req });
      const out = turn ? await turn(() => (req.signal.aborted ? CLIENT_GONE : call())) : await call();
      if (out === CLIENT_GONE) return CLIENT_GONE.clone();
      if (!(await keyConfirmed(ctx))) return run(req, rc, false, requestId, spent);
      return toResponse(out);
    } catch (e) {
      try {
        // nothing is answered on a remembered key until the database confirmed it (a revoked key
        // probing ids gets 401, not 404); a rejected one is looked up afresh (401, or 403 for scopes)
        if (isDomainError(e) && e.code === 'unauthenticated' && hasKeyCheck(ctx)) {
          forget(ctx.keyCheck);
          return run(req, rc, false, requestId, spent);
        }
        if (!(await keyConfirmed(ctx))) return run(req, rc, false, requestId, spent);
      } catch (e2) {
        return errorResponse(e2, requestId, req);
      }
      return errorResponse(e, requestId, req);
    }
  };
  // Lets the contract harness compare what a route declares with what its cases expect, and the
  // input test check that every schema is bounded.
  Object.defineProperty(wrapped, ROUTE_SPEC, {
    value: { scopes: spec.scopes, query: spec.query, body: spec.body, params: spec.params, summary: spec.summary, responses: spec.responses, errors: spec.errors, rateLimit: spec.rateLimit },
  });
  return wrapped;
}

export interface DeclaredSpec {
  scopes: Scope[] | 'public';
  query?: z.ZodType;
  body?: z.ZodType;
  params?: z.ZodType;
  summary?: string;
  responses?: Responses;
  errors?: number[];
  rateLimit?: RateClass;
}

/** What a handler made by `route()` declares (scopes, schemas); undefined for anything else. */
export function routeSpecOf(handler: unknown): DeclaredSpec | undefined {
  if (typeof handler !== 'function') return undefined;
  return (handler as unknown as Record<symbol, DeclaredSpec>)[ROUTE_SPEC];
}

const hasKeyCheck = (ctx: BaseCtx | Ctx | undefined): ctx is Ctx & { keyCheck: KeyCheck } => !!ctx && 'keyCheck' in ctx && !!ctx.keyCheck;

/** True unless the request ran on a remembered key or session that the database now refuses (then forgotten). */
async function keyConfirmed(ctx: BaseCtx | Ctx | undefined): Promise<boolean> {
  if (!hasKeyCheck(ctx) || ctx.keyCheck.done) return true;
  const k = ctx.keyCheck;
  const ok = k.keyId ? await keyStillValid(ctx.db, k.keyId, k.scopes, ctx.now()) : !!k.sessionId && (await sessionStillLive(ctx.db, k.sessionId, ctx.now()));
  if (!ok) forget(k);
  k.done = ok;
  return ok;
}

const forget = (k: KeyCheck) => (k.keyId ? forgetKey(k.keyId) : k.sessionId && forgetSession(k.sessionId));

class BadJson extends Error {}

const UNSTORABLE = 'must not contain a NUL character or broken Unicode (an unpaired surrogate).';

/** Every string (key or value) of the input that Postgres cannot store: U+0000, or not well-formed UTF-16. */
function unstorableText(value: unknown, path: PropertyKey[], depth = 0): z.core.$ZodIssue[] {
  const bad = (s: string) => s.includes('\u0000') || !s.isWellFormed();
  if (typeof value === 'string') return bad(value) ? [{ code: 'custom', path, message: UNSTORABLE, input: undefined }] : [];
  if (!value || typeof value !== 'object' || depth > 32) return [];
  const out: z.core.$ZodIssue[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (bad(k)) out.push({ code: 'custom', path: [...path, k.replaceAll('\u0000', '').toWellFormed()], message: UNSTORABLE, input: undefined });
    else out.push(...unstorableText(v, [...path, k], depth + 1));
    if (out.length >= 10) break;
  }
  return out;
}

async function readJson(req: NextRequest, limit: number): Promise<unknown> {
  const text = await readBodyText(req, limit);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new BadJson('Request body must be valid JSON.');
  }
}

function toResponse(out: unknown): Response {
  if (out instanceof Response) return out;
  if (isReply(out)) {
    if (out.kind === 'empty') return empty(out.status);
    if (out.kind === 'flat') return flat(out.status, out.body);
    return envelope(out.status, out.result);
  }
  return envelope(200, out);
}

export function zodMessages(e: z.ZodError): string[] {
  return e.issues.map((i) => {
    const where = i.path.length ? `${i.path.join('.')}: ` : '';
    return `${where}${plain(i.message)}`;
  });
}

const KIND: Record<string, string> = { string: 'a text', number: 'a number', int: 'a whole number', boolean: 'true or false', object: 'an object', array: 'a list', date: 'a date' };

/** zod's generic type messages in words a client developer reads at a glance; custom messages pass through. */
function plain(message: string): string {
  const m = /^Invalid input: expected (\w+), received (\w+)$/.exec(message);
  if (!m) return message;
  if (m[2] === 'undefined') return 'is required';
  return `must be ${KIND[m[1]] ?? m[1]}${m[2] === 'NaN' ? '' : ` (got ${m[2]})`}`;
}

/**
 * The one error -> status mapping. Unknown errors never leak details: the answer names the request
 * id, the log the error's class, code and message (never its parameters, lib/http/log.ts).
 */
export function errorResponse(e: unknown, requestId: string, req?: Request): Response {
  if (e instanceof z.ZodError) return failure(400, zodMessages(e));
  if (e instanceof BadJson) return failure(400, [e.message]);
  if (e instanceof BodyTooLarge) return tooLarge(e);
  if (isDomainError(e)) return failure(STATUS[e.code], e.messages, e.retryAfterSeconds ? { 'retry-after': String(e.retryAfterSeconds) } : {});
  if (isDatabaseUnreachable(e)) return unavailableResponse(e, requestId)!;
  logError('api', e, { id: requestId, method: req?.method, route: req ? loggedRoute(new URL(req.url).pathname) : undefined });
  return failure(500, [`An unexpected error occurred. Request id: ${requestId}.`], { 'x-request-id': requestId });
}
