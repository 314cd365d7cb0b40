/**
 * What a route handler may return besides a plain value (a plain value is 200 with `result`).
 * Handlers never build Responses themselves, except streams (CSV) which they return as Response.
 */
export type Reply =
  | { kind: 'envelope'; status: number; result?: unknown }
  | { kind: 'flat'; status: number; body: unknown }
  | { kind: 'empty'; status: 204 | 304 };

const REPLY = Symbol('reply');
type Tagged = Reply & { [REPLY]: true };
const tag = (r: Reply): Tagged => ({ ...r, [REPLY]: true }) as Tagged;

export const reply = {
  ok: (result: unknown) => tag({ kind: 'envelope', status: 200, result }),
  /** 200 envelope without result (PATCH access link) */
  okEmpty: () => tag({ kind: 'envelope', status: 200 }),
  created: (result: unknown) => tag({ kind: 'envelope', status: 201, result }),
  accepted: (result: unknown) => tag({ kind: 'envelope', status: 202, result }),
  noContent: () => tag({ kind: 'empty', status: 204 }),
  notModified: () => tag({ kind: 'empty', status: 304 }),
  flat: (status: number, body: unknown) => tag({ kind: 'flat', status, body }),
};

export function isReply(v: unknown): v is Reply {
  return typeof v === 'object' && v !== null && REPLY in v;
}

/** A CSV stream handed to the browser as a download named `filename` (the two log exports). */
export const csvDownload = (stream: ReadableStream<Uint8Array>, filename: string): Response =>
  new Response(stream, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });
