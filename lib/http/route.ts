import type { NextRequest } from 'next/server';
import pLimit from 'p-limit';
import type { z } from 'zod';
import { inArrivalOrder } from '@/db/arrival-order';
import type { Scope } from '@/lib/auth/scopes';
import type { BaseCtx, Ctx } from '@/lib/domain/context';
import { DEFAULT_BODY_LIMIT, finish, requestIdOf } from './edge';
import { RECHECK, runPipeline, type AnyHandler, type AnySpec, type Args, type Spec, type Spent } from './pipeline';
import { rateLimitHeaders, type RateClass } from './ratelimit-policy';
import type { Responses } from './responses';

export { errorResponse, zodMessages } from './errors';

/**
 * route(): how an endpoint declares itself (scopes, schemas, limits, what it answers). What runs
 * for each request is the pipeline (lib/http/pipeline.ts), and its errors go through the one error
 * map (lib/http/errors.ts). This file adds the edge (request id, headers, the log line) and the
 * one retry of the pipeline with a fresh lookup when a remembered key or session needs one.
 */

type Obj = z.ZodObject;

const ROUTE_SPEC = Symbol.for('smartlock.routeSpec');

type RouteContext = { params: Promise<Record<string, string | string[]>> };
type Handler = (req: NextRequest, rc: RouteContext) => Promise<Response>;

/** An endpoint for a signed-in caller or key holder. */
export function route<
  Q extends Obj | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  P extends Obj | undefined = undefined,
>(spec: Spec<Q, B, P> & { scopes: Scope[] }, handler: (ctx: Ctx, args: Args<Q, B, P>) => Promise<unknown>): Handler;
/** An endpoint that authorizes by other means (the link token in its path). */
export function route<
  Q extends Obj | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  P extends Obj | undefined = undefined,
>(
  spec: Spec<Q, B, P> & { scopes: 'public' },
  handler: (ctx: BaseCtx, args: Args<Q, B, P>) => Promise<unknown>,
): Handler;
export function route(spec: AnySpec, handler: AnyHandler): Handler {
  const pipeline = {
    spec,
    handler,
    maxBody: spec.maxBody ?? DEFAULT_BODY_LIMIT,
    turn: spec.concurrency ? pLimit(spec.concurrency) : undefined,
  };
  // One request id and one log line per request. Reads may start on a key remembered from an
  // earlier request (and are run once more with a fresh lookup when that key needs checking);
  // writes always look it up first.
  // The request's statements wait for a database lock (PGlite's one connection) before those of
  // requests that came after it.
  const wrapped: Handler = (req, rc) => {
    const started = performance.now();
    return inArrivalOrder(started, () => serve(req, rc, started));
  };
  const serve = async (req: NextRequest, rc: RouteContext, started: number) => {
    const requestId = requestIdOf(req);
    const spent: Spent = {};
    const read = req.method === 'GET' || req.method === 'HEAD';
    let out = await runPipeline(pipeline, { req, rc, requestId, spent, allowUnchecked: read });
    if (out === RECHECK) out = await runPipeline(pipeline, { req, rc, requestId, spent, allowUnchecked: false });
    if (out === RECHECK) throw new Error('a fresh lookup asked for another lookup'); // cannot happen: nothing is remembered then
    const res = finish(req, out, requestId, started);
    for (const [k, v] of Object.entries(rateLimitHeaders(spent.via ?? 'key', spent.counted))) res.headers.set(k, v);
    return res;
  };
  // Lets the contract harness compare what a route declares with what its cases expect, and the
  // input test check that every schema is bounded.
  Object.defineProperty(wrapped, ROUTE_SPEC, {
    value: {
      scopes: spec.scopes,
      query: spec.query,
      body: spec.body,
      params: spec.params,
      summary: spec.summary,
      deprecated: spec.deprecated,
      responses: spec.responses,
      errors: spec.errors,
      rateLimit: spec.rateLimit,
    },
  });
  return wrapped;
}

export interface DeclaredSpec {
  scopes: Scope[] | 'public';
  query?: z.ZodType;
  body?: z.ZodType;
  params?: z.ZodType;
  summary?: string;
  deprecated?: boolean;
  responses?: Responses;
  errors?: number[];
  rateLimit?: RateClass;
}

/** What a handler made by `route()` declares (scopes, schemas); undefined for anything else. */
export function routeSpecOf(handler: unknown): DeclaredSpec | undefined {
  if (typeof handler !== 'function') return undefined;
  return (handler as unknown as Record<symbol, DeclaredSpec>)[ROUTE_SPEC];
}
