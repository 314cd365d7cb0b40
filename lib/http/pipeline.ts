import type { NextRequest } from 'next/server';
import type pLimit from 'p-limit';
import { z } from 'zod';
import { awaitingClient } from '@/db/arrival-order';
import { getDb } from '@/db/client';
import { authenticate } from '@/lib/auth/caller';
import { forgetKey, keyStillValid } from '@/lib/auth/keys';
import { forgetSession, sessionStillLive } from '@/lib/auth/sessions';
import type { Scope } from '@/lib/auth/scopes';
import type { BaseCtx, Ctx, KeyCheck } from '@/lib/domain/context';
import { isDomainError } from '@/lib/domain/errors';
import { clientAddress } from './client-address';
import { BodyTooLarge, clientGone } from './edge';
import { empty, envelope, failure, flat } from './envelope';
import { errorResponse } from './errors';
import { idempotencyOf, idempotent, publicAccount } from './idempotency';
import { readJson, unstorableText } from './input';
import { queryToObject } from './query';
import { spendApiBudget } from './ratelimit';
import { overBudgetMessage, type RateClass } from './ratelimit-policy';
import { isReply } from './reply';
import type { Responses } from './responses';

/**
 * What route() runs for one request, in order (lib/http/route.ts declares it, this runs it):
 *  1. the body limit by the declared length, before anything is read;
 *  2. who is calling, and whether their key or session has the route's scope;
 *  3. the account's budget (rate limit);
 *  4. the input: path, query and body parsed with the route's schemas, every problem in one 400;
 *  5. the handler, in its turn when the route bounds how many run at once; a write sent with an
 *     Idempotency-Key runs once per key, a repeat gets the first answer (lib/http/idempotency.ts);
 *  6. its value as the envelope, or its error through the one error map (lib/http/errors.ts).
 * A request may run on a key or session remembered from an earlier request (reads only). Whenever
 * such a run meets something that a fresh lookup could answer differently, it stops with RECHECK,
 * and route() runs the pipeline once more with a fresh lookup, which never answers RECHECK.
 */

type Obj = z.ZodObject;
export type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface Spec<Q, B, P> {
  /** One line for the OpenAPI document (lib/http/openapi). */
  summary?: string;
  /** An older client's form of a v37 verb, kept for clients still sending it (OpenAPI `deprecated: true`). */
  deprecated?: boolean;
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

export type AnySpec = Spec<Obj | undefined, z.ZodType | undefined, Obj | undefined>;

export interface Args<Q, B, P> {
  query: Out<Q>;
  body: Out<B>;
  params: Out<P>;
  req: NextRequest;
}

export type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type AnyHandler = (ctx: never, args: never) => Promise<unknown>;

/** What one request spent of its account's budget, for the answer's RateLimit headers; kept across the retry. */
export interface Spent {
  counted?: Awaited<ReturnType<typeof spendApiBudget>>;
  via?: 'session' | 'key';
}

/** One request as the pipeline sees it. */
export interface Attempt {
  req: NextRequest;
  rc: RouteContext;
  requestId: string;
  spent: Spent;
  /** may start on a remembered key or session (reads); false: always looked up afresh */
  allowUnchecked: boolean;
}

/** The run met a remembered key or session the database may no longer accept: run again with a fresh lookup. */
export const RECHECK = Symbol('recheck the remembered key');

/** The client closed the connection while its request waited its turn: answered as the edge does (499). */
const CLIENT_GONE = Symbol('the client left while waiting its turn');

export interface Pipeline {
  spec: AnySpec;
  handler: AnyHandler;
  maxBody: number;
  turn?: ReturnType<typeof pLimit>;
}

export async function runPipeline(p: Pipeline, a: Attempt): Promise<Response | typeof RECHECK> {
  const { spec, maxBody } = p;
  const { req } = a;
  let ctx: BaseCtx | Ctx | undefined;
  try {
    // 1. a body too large for this endpoint is refused before anything else, without reading it
    if (Number(req.headers.get('content-length') ?? 0) > maxBody) throw new BodyTooLarge(maxBody);
    const db = await getDb();
    const now = () => new Date();
    ctx = { db, now };
    if (spec.scopes !== 'public') {
      // 2. the caller
      const auth = await authenticate(req, db, now(), a.allowUnchecked);
      if (!auth.ok) return authFailure(auth);
      if (!spec.scopes.some((s) => auth.caller.scopes.has(s))) {
        // a remembered key may have changed since: only a fresh lookup may refuse it
        if (auth.unchecked) return RECHECK;
        return failure(403, [`This key lacks the scope for this endpoint (one of: ${spec.scopes.join(', ')}).`]);
      }
      const keyCheck = auth.unchecked
        ? {
            keyId: auth.caller.keyId,
            sessionId: auth.caller.keyId ? undefined : auth.caller.sessionId,
            scopes: spec.scopes,
            done: false,
          }
        : undefined;
      ctx = { db, now, caller: auth.caller, keyCheck, client: clientAddress(req.headers) };
      // 3. one budget per account and class, counted once per request (not again on the retry)
      if (!a.spent.counted) {
        a.spent.via = auth.caller.via;
        a.spent.counted = await spendApiBudget(db, auth.caller, spec.rateLimit ?? 'api', now(), keyCheck);
        // a remembered key or session is confirmed by that same statement: nothing later asks again
        if (keyCheck) {
          if (!a.spent.counted.keyOk) {
            forget(keyCheck);
            return RECHECK;
          }
          keyCheck.done = true;
        }
      }
      if (!a.spent.counted.allowed) {
        if (!(await keyConfirmed(ctx))) return RECHECK;
        return failure(429, [overBudgetMessage(a.spent.counted)], {
          'retry-after': String(a.spent.counted.resetSeconds),
        });
      }
    }
    // 4. the input
    const input = await parseInput(spec, req, await a.rc.params, maxBody);
    // 5. the handler
    const call = () => (p.handler as (c: unknown, x: unknown) => Promise<unknown>)(ctx, { ...input.values, req });
    const idem = idempotencyOf(req, 'caller' in ctx ? `user:${ctx.caller.userId}` : publicAccount(req), input.bodyText);
    if (idem instanceof Response) return idem;
    if (idem) {
      // writes only, always on a key or session looked up afresh: nothing to confirm afterwards
      return await idempotent(db, idem, now(), async () => {
        try {
          const out = p.turn ? await p.turn(() => (req.signal.aborted ? CLIENT_GONE : call())) : await call();
          return out === CLIENT_GONE ? clientGone() : toResponse(out);
        } catch (e) {
          return errorResponse(e, a.requestId, req);
        }
      });
    }
    const out = p.turn ? await p.turn(() => (req.signal.aborted ? CLIENT_GONE : call())) : await call();
    if (out === CLIENT_GONE) return clientGone();
    // nothing is answered on a remembered key until the database confirmed it
    if (!(await keyConfirmed(ctx))) return RECHECK;
    return toResponse(out);
  } catch (e) {
    // 6. errors; a remembered key is confirmed first (a revoked key probing ids gets 401, not 404),
    // and one the domain rejected is looked up afresh (401, or 403 for scopes)
    try {
      if (isDomainError(e) && e.code === 'unauthenticated' && hasKeyCheck(ctx)) {
        forget(ctx.keyCheck);
        return RECHECK;
      }
      if (!(await keyConfirmed(ctx))) return RECHECK;
    } catch (e2) {
      return errorResponse(e2, a.requestId, req);
    }
    return errorResponse(e, a.requestId, req);
  }
}

type AuthFailure = Extract<Awaited<ReturnType<typeof authenticate>>, { ok: false }>;

function authFailure(auth: AuthFailure): Response {
  if (auth.reason === 'bad_origin' || auth.reason === 'app_refused') return failure(403, [auth.message]);
  const challenge =
    auth.reason === 'invalid_token'
      ? 'Bearer error="invalid_token"'
      : auth.reason === 'key_in_query'
        ? 'Bearer error="invalid_request"'
        : 'Bearer';
  return failure(401, [auth.message], { 'www-authenticate': challenge });
}

/** Path, query and body, each checked against its schema before answering, so one 400 lists every problem. */
async function parseInput(
  spec: AnySpec,
  req: NextRequest,
  rawParams: Record<string, string | string[]>,
  maxBody: number,
): Promise<{ values: { query: unknown; body: unknown; params: unknown }; bodyText: string }> {
  const read = spec.body ? await awaitingClient(() => readJson(req, maxBody)) : undefined;
  const rawBody = read?.value;
  const issues: z.core.$ZodIssue[] = [];
  const check = <S extends z.ZodType | undefined>(schema: S, value: unknown, where: string) => {
    if (!schema) return undefined;
    const r = schema.safeParse(value);
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
  const params = check(spec.params, rawParams, 'path');
  const query = check(spec.query, rawQuery, 'query');
  const body = check(spec.body, rawBody, 'body');
  if (issues.length) throw new z.ZodError(issues);
  return { values: { query, body, params }, bodyText: read?.text ?? '' };
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

const hasKeyCheck = (ctx: BaseCtx | Ctx | undefined): ctx is Ctx & { keyCheck: KeyCheck } =>
  !!ctx && 'keyCheck' in ctx && !!ctx.keyCheck;

/** True unless the request ran on a remembered key or session that the database now refuses (then forgotten). */
async function keyConfirmed(ctx: BaseCtx | Ctx | undefined): Promise<boolean> {
  if (!hasKeyCheck(ctx) || ctx.keyCheck.done) return true;
  const k = ctx.keyCheck;
  const ok = k.keyId
    ? await keyStillValid(ctx.db, k.keyId, k.scopes, ctx.now())
    : !!k.sessionId && (await sessionStillLive(ctx.db, k.sessionId, ctx.now()));
  if (!ok) forget(k);
  k.done = ok;
  return ok;
}

const forget = (k: KeyCheck) => (k.keyId ? forgetKey(k.keyId) : k.sessionId && forgetSession(k.sessionId));
