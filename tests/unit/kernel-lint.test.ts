import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The browser-safe kernel's lint (issue 28, eslint.config.mjs): lib/shared imports no database, no
 * Node and no server layer, by alias or by a relative path out of it; components/** and lib/client/**
 * take lib/domain for types only. Each probe names the lines lint refuses.
 */
const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });
async function refused(filePath: string, lines: string[]): Promise<number[]> {
  const [r] = await eslint.lintText(`${lines.join('\n')}\n`, { filePath: path.join(root, filePath) });
  const bad = r.messages.filter((m) => /(^|\/)no-restricted-imports$/.test(m.ruleId ?? '')).map((m) => m.line);
  return [...new Set(bad)].sort((a, b) => a - b);
}

describe('the browser-safe kernel', () => {
  it('lib/shared imports neither the database, Node nor the server', { timeout: 60_000 }, async () => {
    const lines = [
      "import { sql } from 'drizzle-orm';",
      "import { pgTable } from 'drizzle-orm/pg-core';",
      "import type { Db } from '@/db/client';",
      "import { readFileSync } from 'node:fs';",
      "import { createHash } from 'crypto';",
      "import postgres from 'postgres';",
      "import { PGlite } from '@electric-sql/pglite';",
      "import { Forbidden } from '@/lib/domain/errors';",
      "import { route } from '@/lib/http/route';",
      "import { getGateway } from '@/lib/devices';",
      "import { NotFound } from '../../domain/errors';",
      // allowed: the kernel itself (by alias or relative), luxon, zod
      "import { DateTime } from 'luxon';",
      "import { z } from 'zod';",
      "import { LockState } from '../devices/codes';",
      "import { showsSomething } from '@/lib/shared/text';",
      "import { decide } from './index';",
    ];
    expect(await refused('lib/shared/policy/probe.ts', lines)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    // at the top of lib/shared one level up is already outside it
    expect(
      await refused('lib/shared/probe.ts', ["import { x } from '../domain/errors';", "import { y } from './policy';"]),
    ).toEqual([1]);
  });

  it('components and lib/client import lib/domain for types only', { timeout: 60_000 }, async () => {
    const lines = [
      "import { listActivity } from '@/lib/domain/activity/list';",
      "import { Lock, type LockShape } from '@/lib/domain/devices/schemas';",
      "export { NOTIFIED_EVENTS } from '@/lib/domain/notifications/pass';",
      "import { recordActivity } from '../../lib/domain/activity/record';",
      // allowed: types of the domain, values of the kernel
      "import type { ActivityItem } from '@/lib/domain/activity/list';",
      "import { type A, type B } from '@/lib/domain/activity/schemas';",
      "export type { Me } from '@/lib/domain/shell/me';",
      "import { eventInfo } from '@/lib/shared/activity/names';",
    ];
    for (const file of ['components/activity/probe.tsx', 'lib/client/probe.ts'])
      expect(await refused(file, lines), file).toEqual([1, 2, 3, 4]);
  });
});
