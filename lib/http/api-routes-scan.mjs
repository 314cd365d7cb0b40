import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The API's route table read from the files under app/api: each route.ts as its path pattern
 * (`/api/v37/my/lock/[id]`, route groups left out) and the HTTP methods it exports. next.config.mjs
 * hands it to the request proxy at build time (proxy.ts: 405 with `Allow`, paths matched without
 * regard to case); tests read it the same way. The catch-all `app/api/[...path]` (the envelope's
 * 404 for every unknown path) is not a route of the table.
 *
 * Plain JavaScript: next.config.mjs imports it. tests/api/api-routes.test.ts checks that what is
 * read here is what each module really exports.
 */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** @param {string} source @returns {string[]} */
export function exportedMethods(source) {
  const found = new Set();
  for (const m of source.matchAll(/^export\s+(?:const|let|async\s+function|function)\s+([A-Z]+)\b/gm)) found.add(m[1]);
  for (const m of source.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const part of m[1].split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) found.add(name.trim());
    }
  }
  return METHODS.filter((x) => found.has(x));
}

/** @param {string} appDir the app/ folder @returns {Array<[string, string[]]>} [pattern, methods] */
export function scanApiRoutes(appDir) {
  /** @type {Array<[string, string[]]>} */
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === 'route.ts' || name === 'route.js') {
        const segs = path
          .relative(appDir, dir)
          .split(path.sep)
          .filter((s) => !/^\(.*\)$/.test(s));
        const pattern = '/' + segs.join('/');
        if (pattern === '/api/[...path]') continue;
        out.push([pattern, exportedMethods(readFileSync(full, 'utf8'))]);
      }
    }
  };
  walk(path.join(appDir, 'api'));
  return out;
}
