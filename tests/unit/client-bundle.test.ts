import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The browser bundle carries no database (issue 28): no module marked 'use client' reaches, through
 * any chain of value imports, drizzle, the Postgres drivers, the schema in db/, or Node's own
 * modules. The lint rule in eslint.config.mjs stops a client file importing these directly; this
 * follows every import the way the bundler does (`import type` is erased and not followed).
 */

const FORBIDDEN = [
  /^drizzle-orm(\/|$)/,
  /^postgres$/,
  /^@electric-sql\/pglite/,
  /^@\/db(\/|$)/,
  /^node:/,
  /^server-only$/,
  /^next-auth\/(?!react$)/,
];

/** Every value import and re-export of a file (type-only ones are erased by the compiler). */
function valueImports(src: string): string[] {
  const out: string[] = [];
  for (const m of src.matchAll(/^\s*(?:import|export)\s+(type\s+)?(?:([^'";]*?)\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    if (m[1]) continue;
    const names = m[2]?.trim();
    // `import { type A, type B } from 'x'` is erased too
    if (names?.startsWith('{') && names.endsWith('}')) {
      const parts = names
        .slice(1, -1)
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      if (parts.length && parts.every((p) => p.startsWith('type '))) continue;
    }
    out.push(m[3]);
  }
  return out;
}

function resolver(root: string) {
  return (from: string, spec: string): string | null => {
    const base = spec.startsWith('@/')
      ? path.join(root, spec.slice(2))
      : spec.startsWith('.')
        ? path.resolve(path.dirname(from), spec)
        : null;
    if (!base) return null;
    for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
      if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
    return null;
  };
}

function clientFiles(root: string, dirs: string[]): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        if (!['node_modules', '.next'].includes(e.name)) walk(p);
      } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
        if (/^['"]use client['"]/.test(fs.readFileSync(p, 'utf8').trimStart())) out.push(p);
      }
    }
  };
  for (const d of dirs) walk(path.join(root, d));
  return out;
}

/** Each chain from a client module to a forbidden import, as "a.tsx -> b.ts -> drizzle-orm". */
function serverChains(root: string, dirs = ['app', 'components', 'lib']): string[] {
  const resolve = resolver(root);
  const chains = new Set<string>();
  for (const start of clientFiles(root, dirs)) {
    const parent = new Map<string, string | null>([[start, null]]);
    const queue = [start];
    while (queue.length) {
      const cur = queue.shift()!;
      for (const spec of valueImports(fs.readFileSync(cur, 'utf8'))) {
        if (FORBIDDEN.some((r) => r.test(spec))) {
          const chain = [spec];
          for (let c: string | null | undefined = cur; c; c = parent.get(c)) chain.unshift(path.relative(root, c));
          chains.add(chain.join(' -> '));
          continue;
        }
        const next = resolve(cur, spec);
        if (next && !parent.has(next)) {
          parent.set(next, cur);
          queue.push(next);
        }
      }
    }
  }
  return [...chains].sort();
}

describe('the browser bundle carries no database', () => {
  it('no client module reaches drizzle, the drivers, db/ or node: through its imports', () => {
    expect(serverChains(path.resolve(__dirname, '../..'))).toEqual([]);
  });

  it('the check finds a chain two modules deep, and lets type-only imports pass', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-'));
    fs.mkdirSync(path.join(root, 'components'));
    fs.mkdirSync(path.join(root, 'lib/domain'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'components/page.tsx'),
      "'use client';\nimport { ACTIONS } from '@/lib/domain/actions';\nimport type { Row } from '@/lib/domain/rows';\nimport { type A, type B } from '@/lib/domain/types';\n",
    );
    fs.writeFileSync(
      path.join(root, 'lib/domain/actions.ts'),
      "import {\n  eq,\n} from 'drizzle-orm';\nexport const ACTIONS = [];\n",
    );
    fs.writeFileSync(path.join(root, 'lib/domain/rows.ts'), "import { sql } from 'drizzle-orm';\n");
    fs.writeFileSync(path.join(root, 'lib/domain/types.ts'), "import postgres from 'postgres';\n");
    expect(serverChains(root, ['components'])).toEqual(['components/page.tsx -> lib/domain/actions.ts -> drizzle-orm']);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
