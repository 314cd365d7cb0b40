import { z } from 'zod';

/**
 * Hostile inputs made from a route's own zod schemas (issue 21, item 5): a plausible value for
 * each schema, and the ways to get it wrong — wrong types, missing and extra fields, values at and
 * past every bound, huge and odd unicode strings, malformed JSON, wrong content types, repeated and
 * odd query names. Deterministic for a seed, so a failure can be replayed.
 */
type Json = Record<string, any>;

/** A small seeded generator (mulberry32): the same seed gives the same run. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    int: (n: number) => Math.floor(next() * n),
  };
}
export type Rng = ReturnType<typeof rng>;

/** The JSON Schema of what a zod schema accepts (its input side). */
export function jsonSchemaOf(schema: z.ZodType | undefined): Json | undefined {
  if (!schema) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
}

/** Strings that have broken services: huge, NUL, lone surrogates, right-to-left, emoji, SQL and path tricks. */
export const NASTY_STRINGS = [
  '',
  ' ',
  'x'.repeat(10_001),
  'a\u0000b',
  '\ud800',
  '\u202eevil\u202c',
  '🔒🚪'.repeat(40),
  "' or 1=1 --",
  '../../etc/passwd',
  '%00',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '\r\nX-Injected: 1',
  'Ｆｕｌｌｗｉｄｔｈ',
  // issue 30: names that show nothing (a direction override, a zero-width joiner, a noncharacter)
  '\u202e',
  '\u200d',
  '\uffff',
  'null',
  '1e309',
  '٣',
];
/** Values of the wrong type for anything. */
export const WRONG_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 53 + 1,
  -(2 ** 63),
  1e308,
  '',
  'x',
  [],
  [1, 'a'],
  {},
  { a: { b: { c: 1 } } },
];

const deref = (s: Json, root: Json): Json => {
  if (s?.$ref && typeof s.$ref === 'string') {
    const name = s.$ref.split('/').pop()!;
    return root.$defs?.[name] ?? {};
  }
  return s ?? {};
};

/** One plausible value of the schema (valid where simple rules can make one). */
export function sample(s0: Json, root: Json = s0, depth = 0): unknown {
  const s = deref(s0, root);
  if (depth > 6) return null;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (Array.isArray(alt)) {
    const first = alt.find((x: Json) => deref(x, root).type !== 'null') ?? alt[0];
    return sample(first, root, depth + 1);
  }
  if (Array.isArray(s.allOf) && s.allOf.length) return sample(s.allOf[0], root, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  switch (type) {
    case 'string': {
      if (s.format === 'date-time') return new Date(Date.now() + 3_600_000).toISOString();
      if (s.format === 'date') return new Date().toISOString().slice(0, 10);
      if (s.format === 'email') return 'fuzz@example.test';
      if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (s.format === 'uri' || s.format === 'url') return 'https://example.test/hook';
      const min = s.minLength ?? 1;
      return 'Fuzz'.padEnd(Math.max(min, 4), 'z').slice(0, Math.max(min, Math.min(4, s.maxLength ?? 4)));
    }
    case 'integer':
    case 'number': {
      const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined);
      const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : undefined);
      if (lo !== undefined && lo > 1) return lo;
      if (hi !== undefined && hi < 1) return hi;
      return 1;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const n = Math.max(s.minItems ?? 1, 1);
      return Array.from({ length: Math.min(n, 3) }, () => sample(s.items ?? {}, root, depth + 1));
    }
    case 'object':
    default: {
      if (!s.properties) return type === 'object' ? {} : 'x';
      const out: Json = {};
      for (const [k, v] of Object.entries(s.properties as Json)) out[k] = sample(v as Json, root, depth + 1);
      return out;
    }
  }
}

/** The values at and just past a schema's bounds, and of its other types. */
export function edgeValues(s0: Json, root: Json): unknown[] {
  const s = deref(s0, root);
  const alt = s.anyOf ?? s.oneOf;
  if (Array.isArray(alt)) return alt.flatMap((x: Json) => edgeValues(x, root)).slice(0, 12);
  const out: unknown[] = [];
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  if (type === 'string') {
    if (s.maxLength !== undefined)
      out.push('m'.repeat(s.maxLength), 'm'.repeat(s.maxLength + 1), '🔒'.repeat(s.maxLength));
    if (s.minLength) out.push('m'.repeat(s.minLength - 1));
    if (s.format) out.push('not-a-' + s.format, '2026-02-30T25:61:00Z', '0000-00-00');
    if (Array.isArray(s.enum)) out.push(String(s.enum[0]).toUpperCase() + 'x');
    out.push(...NASTY_STRINGS);
  } else if (type === 'integer' || type === 'number') {
    for (const b of [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum])
      if (typeof b === 'number') out.push(b - 1, b, b + 1);
    out.push(0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 53) - 2, '1', 1e308);
  } else if (type === 'array') {
    if (s.maxItems !== undefined) out.push(Array.from({ length: s.maxItems + 1 }, () => sample(s.items ?? {}, root)));
    out.push(
      [],
      [null],
      Array.from({ length: 3 }, () => sample(s.items ?? {}, root)),
      'x',
    );
  } else if (type === 'boolean') {
    out.push('true', 1, 0, 'yes');
  } else if (Array.isArray(s.enum)) {
    out.push(...s.enum.map((e: unknown) => (typeof e === 'number' ? e + 1000 : `${String(e)}x`)));
  }
  return out;
}

/** A copy of `obj` with the value at `path` replaced (or removed when `value` is REMOVE). */
export const REMOVE = Symbol('remove');
export function setAt(obj: unknown, path: string[], value: unknown): unknown {
  if (!path.length) return value === REMOVE ? undefined : value;
  const [head, ...rest] = path;
  const base: Json = obj && typeof obj === 'object' && !Array.isArray(obj) ? { ...(obj as Json) } : {};
  const v = setAt(base[head], rest, value);
  if (v === undefined && value === REMOVE && !rest.length) delete base[head];
  else base[head] = v;
  return base;
}

/** Every property path of an object schema (nested objects too), with its schema and whether it is required. */
export function fields(
  s0: Json,
  root: Json,
  prefix: string[] = [],
  depth = 0,
): { path: string[]; schema: Json; required: boolean }[] {
  const s = deref(s0, root);
  const alt = s.anyOf ?? s.oneOf;
  if (Array.isArray(alt))
    return fields(alt.find((x: Json) => deref(x, root).type !== 'null') ?? {}, root, prefix, depth);
  if (!s.properties || depth > 3) return [];
  const req = new Set<string>(s.required ?? []);
  return Object.entries(s.properties as Json).flatMap(([k, v]) => [
    { path: [...prefix, k], schema: v as Json, required: req.has(k) },
    ...fields(v as Json, root, [...prefix, k], depth + 1),
  ]);
}

export interface BodyInput {
  what: string;
  body: unknown;
  headers?: Record<string, string>;
}

/** The bodies to try on an operation with a body schema (or none: then generic junk only). */
export function bodyInputs(schema: Json | undefined, r: Rng): BodyInput[] {
  const root = schema ?? {};
  const base = schema ? sample(schema) : { any: 'thing' };
  const out: BodyInput[] = [
    { what: 'plausible body', body: base },
    {
      what: 'plausible body, extra fields',
      body: {
        ...(base as Json),
        zzExtra: 1,
        isAdmin: true,
        organizationId: 1,
        userId: '00000000-0000-4000-8000-000000000001',
      },
    },
    { what: 'empty object', body: {} },
    { what: 'a list', body: [base] },
    { what: 'a number', body: 1 },
    { what: 'a string', body: '"text"' },
    { what: 'null', body: 'null' },
    { what: 'true', body: 'true' },
    { what: 'malformed JSON: open brace', body: '{' },
    { what: 'malformed JSON: truncated', body: JSON.stringify(base).slice(0, -2) },
    { what: 'malformed JSON: trailing', body: JSON.stringify(base) + '}' },
    { what: 'malformed JSON: single quotes', body: "{'a': 1}" },
    { what: 'malformed JSON: NaN', body: '{"a": NaN}' },
    { what: 'deep nesting', body: '['.repeat(5000) + ']'.repeat(5000) },
    {
      what: 'prototype keys',
      body: `{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}${schema ? ', ' + JSON.stringify(base).slice(1) : '}'}`,
    },
    { what: 'duplicate keys', body: JSON.stringify(base).replace(/^\{/, '{"zz": 1, "zz": 2,').replace(/,\}$/, '}') },
    { what: 'byte order mark', body: '\ufeff' + JSON.stringify(base) },
    { what: 'invalid UTF-8', body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]) },
    { what: 'body over the limit', body: JSON.stringify({ pad: 'p'.repeat(70_000), ...(base as Json) }) },
    { what: 'text/plain', body: JSON.stringify(base), headers: { 'content-type': 'text/plain' } },
    { what: 'form encoded', body: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    {
      what: 'multipart',
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    },
    {
      what: 'json in latin1',
      body: JSON.stringify(base),
      headers: { 'content-type': 'application/json; charset=iso-8859-1' },
    },
    {
      what: 'xml',
      body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
      headers: { 'content-type': 'application/xml' },
    },
  ];
  if (!schema) return out;
  for (const f of fields(schema, root)) {
    const at = f.path.join('.');
    if (f.required) out.push({ what: `${at} missing`, body: setAt(base, f.path, REMOVE) });
    for (const v of edgeValues(f.schema, root)) out.push({ what: `${at} = ${short(v)}`, body: setAt(base, f.path, v) });
    for (let i = 0; i < 2; i++) {
      const v = r.pick(WRONG_VALUES);
      out.push({ what: `${at} of the wrong type: ${short(v)}`, body: setAt(base, f.path, v) });
    }
  }
  return out;
}

/** Query strings to try: each declared name given bad, edge, repeated and empty values; odd names. */
export function queryInputs(schema: Json | undefined, r: Rng): string[] {
  const out = [
    '?',
    '?&&&',
    '?=',
    '?=x',
    '?zzUnknown=1',
    '?__proto__=1',
    '?constructor=x&toString=y&hasOwnProperty=z',
    '?a[b]=1&a[c][d]=2',
    '?a=%zz',
    '?a=%00',
    `?long=${'q'.repeat(6000)}`,
    '?key=abc',
    '?access_token=abc',
  ];
  const root = schema ?? {};
  for (const f of schema ? fields(schema, root) : []) {
    const name = f.path.join('.');
    const enc = (v: unknown) => {
      try {
        return encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v));
      } catch {
        return '%ED%A0%80'; // a lone surrogate cannot be UTF-8: send the bytes it would be, invalid
      }
    };
    for (const v of edgeValues(f.schema, root).slice(0, 14)) out.push(`?${name}=${enc(v)}`);
    out.push(
      `?${name}=`,
      `?${name}=1&${name}=2`,
      `?${name}=a&${name}=b&${name}=c`,
      `?${name.toUpperCase()}=1`,
      `?${name}[]=1`,
      `?${name}=${enc(r.pick(NASTY_STRINGS))}`,
    );
  }
  return out;
}

/** Path segments to put where an id goes. */
export const BAD_IDS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e3',
  '99999999999999999999',
  '9007199254740993',
  '%F0%9F%94%92',
  '%00',
  '..%2F..',
  'x'.repeat(3000),
  '%20 1',
  '0x10',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '00000000-0000-4000-8000-000000000000',
  "1'%20or%20'1'='1",
  '%E0%A4%A',
  // issue 30: malformed percent-encoding and ids a lenient number parser would read as 1 or 3
  '%ff',
  '%ED%A0%80',
  '1e0',
  '0x3',
  '+3',
  '3.0',
  '%203',
  '03',
];

/** Authorization headers that must get 401 (or nothing more than a public route gives). */
export const BAD_AUTH = [
  '',
  'Bearer',
  'Bearer ',
  'Bearer x',
  `PersonalKey ${'k'.repeat(5000)}`,
  'Basic dXNlcjpwYXNz',
  'Bearer a b c',
  'PersonalKey sk_live_0000000000000000',
  'Bearer ' + 'é'.repeat(20),
];

export function short(v: unknown): string {
  const s =
    typeof v === 'string' ? JSON.stringify(v) : v instanceof Uint8Array ? 'bytes' : (JSON.stringify(v) ?? String(v));
  return s.length > 40 ? `${s.slice(0, 37)}…(${s.length})` : s;
}
