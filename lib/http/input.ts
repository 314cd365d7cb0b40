import type { z } from 'zod';
import { readBodyText } from './edge';
import { BadJson } from './errors';

/** Reading a request's input: the JSON body within its limit, text the database could not store. */

const UNSTORABLE = 'must not contain a NUL character or broken Unicode (an unpaired surrogate).';

/** Every string (key or value) of the input that Postgres cannot store: U+0000, or not well-formed UTF-16. */
export function unstorableText(value: unknown, path: PropertyKey[], depth = 0): z.core.$ZodIssue[] {
  const bad = (s: string) => s.includes('\u0000') || !s.isWellFormed();
  if (typeof value === 'string')
    return bad(value) ? [{ code: 'custom', path, message: UNSTORABLE, input: undefined }] : [];
  if (!value || typeof value !== 'object' || depth > 32) return [];
  const out: z.core.$ZodIssue[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (bad(k))
      out.push({
        code: 'custom',
        path: [...path, k.replaceAll('\u0000', '').toWellFormed()],
        message: UNSTORABLE,
        input: undefined,
      });
    else out.push(...unstorableText(v, [...path, k], depth + 1));
    if (out.length >= 10) break;
  }
  return out;
}

/** The body as JSON (an empty body is `{}`), read within `limit` bytes. */
export async function readJson(req: Request, limit: number): Promise<{ text: string; value: unknown }> {
  const text = await readBodyText(req, limit);
  if (!text.trim()) return { text, value: {} };
  try {
    return { text, value: JSON.parse(text) };
  } catch {
    throw new BadJson('Request body must be valid JSON.');
  }
}
