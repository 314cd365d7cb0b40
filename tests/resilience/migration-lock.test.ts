import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { config } from '@/lib/config';
import { migratePostgres } from '@/db/client';

/**
 * Issue 21: processes that start together on one new database (a cluster, several machines of a
 * deploy) must not race to create the same tables. Each migrates under one advisory lock
 * (db/client.ts migratePostgres): the first applies the migrations, the others wait and find them
 * applied. Four at once, each on a connection of its own, as four processes would.
 */
const pg = config().DATABASE_URL;
describe.runIf(!!pg)(
  `migrations started by four processes at once on a new database${pg ? '' : ' (skipped: needs DATABASE_URL, PGlite serves one process)'}`,
  () => {
    const url = new URL(pg ?? 'postgres://x/y');
    const name = `${url.pathname.slice(1)}_migrations_${process.pid}`;
    url.pathname = '/postgres';
    const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
    url.pathname = `/${name}`;
    afterAll(async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    });

    it('all four succeed, and each migration is applied once', { timeout: 120_000 }, async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.unsafe(`create database "${name}"`);
      const results = await Promise.allSettled([0, 1, 2, 3].map(() => migratePostgres(url.toString())));
      expect(
        results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason)),
      ).toEqual([]);
      const check = postgres(url.toString(), { max: 1, onnotice: () => {} });
      try {
        const applied = await check`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`;
        const { readdirSync } = await import('node:fs');
        const files = readdirSync('db/migrations').filter((f) => f.endsWith('.sql'));
        expect(applied.length).toBe(files.length);
        expect(applied.every((r) => r.n === 1)).toBe(true);
        // the schema is whole: a table of the last migrations is there
        const [{ n }] =
          await check`select count(*)::int as n from information_schema.tables where table_name = 'access_link_uses'`;
        expect(n).toBe(1);
      } finally {
        await check.end();
      }
    });
  },
);
