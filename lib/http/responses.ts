import type { z } from 'zod';

/**
 * What a route declares it answers, per status, for the OpenAPI document (lib/http/openapi) and the
 * tests that hold every answer to it. A zod schema is the `result` inside the envelope; the other
 * kinds are the few shapes envelope.ts builds besides it.
 */
export type ResponseDoc =
  | z.ZodType
  | { kind: 'empty' }
  | { kind: 'noResult' }
  | { kind: 'flat'; schema: z.ZodType }
  | { kind: 'raw'; contentType: string; description: string };

export type Responses = Partial<Record<number, ResponseDoc>>;

export const res = {
  /** 204/304: no body */
  empty: { kind: 'empty' } as ResponseDoc,
  /** the envelope without `result` */
  noResult: { kind: 'noResult' } as ResponseDoc,
  /** a body without the envelope (grant result, member results) */
  flat: (schema: z.ZodType): ResponseDoc => ({ kind: 'flat', schema }),
  /** a stream that is not JSON (CSV, Server-Sent Events) */
  raw: (contentType: string, description: string): ResponseDoc => ({ kind: 'raw', contentType, description }),
};

export function isSchema(d: ResponseDoc): d is z.ZodType {
  return '_zod' in d;
}
