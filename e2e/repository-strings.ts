import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Every string in the repository that someone could have used as a secret: string literals of 8
 * or more characters in every tracked text file, and the value of anything written as
 * `...SECRET...=value` or `secret: value`. Taken at test time, so a secret hard-coded tomorrow is
 * among them (e2e/forged-session.spec.ts).
 */
const LITERAL = /'((?:[^'\\\n]|\\.){8,400})'|"((?:[^"\\\n]|\\.){8,400})"|`((?:[^`\\]|\\.){8,400})`/g;
const ASSIGNED = /(?:secret|password|token|key)[A-Za-z_]*["']?\s*[=:]\s*["'`]?([^\s"'`,;)]{8,400})/gi;

function files(root: string): string[] {
  const git = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  if (git.status === 0 && git.stdout) return git.stdout.split('\0').filter(Boolean);
  // no git (an exported tree): every file outside what is generated or installed
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const n of readdirSync(path.join(root, rel))) {
      if (['node_modules', '.git', 'test-results'].includes(n) || n.startsWith('.next') || n === '.data') continue;
      const r = path.join(rel, n);
      if (statSync(path.join(root, r)).isDirectory()) walk(r);
      else out.push(r);
    }
  };
  walk('');
  return out;
}

export function repositoryStrings(root = process.cwd()): string[] {
  const found = new Set<string>();
  for (const f of files(root)) {
    let text: string;
    try {
      const buf = readFileSync(path.join(root, f));
      if (buf.includes(0)) continue; // binary
      text = buf.toString('utf8');
    } catch {
      continue;
    }
    for (const m of text.matchAll(LITERAL)) found.add(m[1] ?? m[2] ?? m[3]);
    for (const m of text.matchAll(ASSIGNED)) found.add(m[1]);
  }
  return [...found];
}

/** The ones that look like a secret by their name or their form, for the slower checks (pages). */
export const looksSecret = (s: string) =>
  /secret|dev-only|change-me|password|token|key/i.test(s) || /^[A-Za-z0-9_+/=-]{32,}$/.test(s);
