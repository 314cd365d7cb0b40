import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_NAMES, parseConfig } from './index';

/**
 * The README's configuration table is checked against the schema (issue 28): every variable the
 * server reads is documented, nothing documented is not read, and a default written as a plain
 * number is the schema's.
 */
const readme = readFileSync(path.join(process.cwd(), 'README.md'), 'utf8');
const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
const rows = section
  .split('\n')
  .filter((l) => l.startsWith('| `'))
  .map((l) => l.split(' | ').map((c) => c.replace(/^\|\s*|\s*\|$/g, '').trim()));
const namesOf = (cell: string) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]);

describe("the README's configuration table", () => {
  it('documents every variable of lib/config/schema.ts, and none other', () => {
    const documented = rows.flatMap(([names]) => namesOf(names));
    expect(documented.length).toBeGreaterThan(40);
    expect(new Set(documented).size, 'a variable documented twice').toBe(documented.length);
    expect([...documented].sort()).toEqual([...CONFIG_NAMES].sort());
  });

  it("writes the schema's defaults where it gives a number", () => {
    const defaults = parseConfig({}) as Record<string, unknown>;
    const checked: string[] = [];
    for (const [names, fallback] of rows) {
      const list = namesOf(names);
      const values = fallback.split(/\s*[/,]\s*/).map((v) => v.replace(/`/g, '').trim());
      if (values.length !== list.length || !values.every((v) => /^\d[\d_]*$/.test(v))) continue;
      list.forEach((name, i) => {
        expect(defaults[name], name).toBe(Number(values[i]));
        checked.push(name);
      });
    }
    expect(checked.length).toBeGreaterThan(25);
  });
});
