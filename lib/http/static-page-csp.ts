import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { nextDistDir } from '@/lib/config/next-build.mjs';

/**
 * A page built ahead of time (the guest's link page) is the same file for every visitor, so its
 * scripts cannot carry a per-request nonce. Its Content-Security-Policy names them instead: the
 * sha256 of each inline script of the built HTML (Next.js's bootstrap and the page's payload), which
 * the browser checks before it runs one; its other scripts are files of this origin ('self'). Read
 * once per process from the build the server serves.
 */
const sources = new Map<string, string[]>();

/** The inline scripts of an HTML text, each exactly as the browser hashes it. */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\bsrc\s*=/i.test(m[1]) && m[2] !== '') found.push(m[2]);
  }
  return found;
}

/** 'sha256-…' for each inline script of `html`, without repeats. */
export function scriptHashSources(html: string): string[] {
  const hashes = inlineScripts(html).map((s) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`);
  return [...new Set(hashes)];
}

/** The hash sources of the built page at `route` (e.g. '/link'), from `<distDir>/server/app<route>.html`. */
export function builtPageScriptSources(route: string): string[] {
  let found = sources.get(route);
  if (!found) {
    const file = path.resolve(nextDistDir(), 'server', 'app', `${route.slice(1)}.html`);
    found = scriptHashSources(readFileSync(file, 'utf8'));
    sources.set(route, found);
  }
  return found;
}
