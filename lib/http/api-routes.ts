import path from 'node:path';
import { builtApiRoutes } from '@/lib/config/build';
import { scanApiRoutes } from './api-routes-scan.mjs';

/**
 * Which route answers an API path, found as Next.js would but without regard to the case of the
 * path's resource names (Tedee's docs: "resource names in paths ... are case-insensitive", and
 * its own samples write `/organization/{id}/accessLink/{id}`). A static segment wins over a
 * dynamic one, as in Next.js. The proxy (proxy.ts) rewrites a path to its canonical spelling and
 * answers 405 itself; unknown paths fall through to app/api/[...path] (404).
 */

type Table = Array<[string, string[]]>;

interface Node {
  statics: Map<string, Node>;
  dynamic?: { name: string; node: Node };
  rest?: { name: string; pattern: string; methods: string[] };
  route?: { pattern: string; methods: string[] };
  /** the static segment as written in the folder name */
  spelled?: string;
}

const newNode = (): Node => ({ statics: new Map() });

function build(table: Table): Node {
  const root = newNode();
  for (const [pattern, methods] of table) {
    let n = root;
    for (const seg of pattern.split('/').filter(Boolean)) {
      const rest = /^\[\.\.\.(.+)\]$/.exec(seg);
      if (rest) {
        n.rest = { name: rest[1], pattern, methods };
        n = newNode();
        break;
      }
      const dyn = /^\[(.+)\]$/.exec(seg);
      if (dyn) {
        n.dynamic ??= { name: dyn[1], node: newNode() };
        n = n.dynamic.node;
        continue;
      }
      const key = seg.toLowerCase();
      if (!n.statics.has(key)) n.statics.set(key, { ...newNode(), spelled: seg });
      n = n.statics.get(key)!;
    }
    if (!/\[\.\.\./.test(pattern)) n.route = { pattern, methods };
  }
  return root;
}

export interface ApiRoute {
  /** the folder pattern, e.g. /api/v37/my/lock/[id] */
  pattern: string;
  /** the path with every static segment spelled as its folder (dynamic values untouched) */
  pathname: string;
  params: Record<string, string | string[]>;
  /** methods the route answers: its exports, HEAD with GET, and OPTIONS (Next.js answers both) */
  allow: string[];
}

const withImplicit = (methods: string[]) => {
  const s = new Set(methods);
  if (s.has('GET')) s.add('HEAD');
  s.add('OPTIONS');
  return ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter((m) => s.has(m));
};

function walk(
  n: Node,
  segs: string[],
  i: number,
  out: string[],
  params: Record<string, string | string[]>,
): ApiRoute | undefined {
  if (i === segs.length)
    return (
      n.route && {
        pattern: n.route.pattern,
        pathname: '/' + out.join('/'),
        params,
        allow: withImplicit(n.route.methods),
      }
    );
  const seg = segs[i];
  const st = n.statics.get(seg.toLowerCase());
  if (st) {
    const r = walk(st, segs, i + 1, [...out, st.spelled!], params);
    if (r) return r;
  }
  if (n.dynamic) {
    const r = walk(n.dynamic.node, segs, i + 1, [...out, seg], { ...params, [n.dynamic.name]: safeDecode(seg) });
    if (r) return r;
  }
  if (n.rest)
    return {
      pattern: n.rest.pattern,
      pathname: '/' + [...out, ...segs.slice(i)].join('/'),
      params: { ...params, [n.rest.name]: segs.slice(i).map(safeDecode) },
      allow: withImplicit(n.rest.methods),
    };
  return undefined;
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

let root: Node | undefined;

/** The table: given by next.config.mjs at build time (SMARTLOCK_API_ROUTES), else read from app/ (tests, tools). */
function table(): Table {
  const given = builtApiRoutes();
  return given ? (JSON.parse(given) as Table) : scanApiRoutes(path.resolve(process.cwd(), 'app'));
}

/** The route of an API path (any case, with or without a trailing slash), or undefined when none exists. */
export function matchApiRoute(pathname: string): ApiRoute | undefined {
  root ??= build(table());
  return walk(root, pathname.split('/').filter(Boolean), 0, [], {});
}
