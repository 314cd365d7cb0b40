import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { setConfig, childEnv, onPostgres } from '@/tests/support/config';
import { api } from '../support/router';
import { createBridge, createLock, createUser, grantUser, lockWithCast } from '../support/factories/core';
import { sessionHeaders } from '../support/factories/account';
import { AccessLevel } from '@/db/schema';

/**
 * The API's budgets per account (lib/http/ratelimit-policy.ts, docs/security.md "Rate limits"):
 * tiny ones here (the test environment's are generous, tests/support/env.ts). Counters live in the
 * database, so every server process shares them.
 */
const TINY = {
  API_RATE_LIMIT: '5',
  API_RATE_LIMIT_COMMANDS: '3',
  API_RATE_WINDOW_SECONDS: '3600',
  API_RATE_LIMIT_PORTAL_FACTOR: '20',
};
beforeAll(() => setConfig(TINY));

/** Waits for the next hour when less than 20 s of this one are left, so a test's requests share one window. */
async function oneWindow() {
  const left = 3_600_000 - (Date.now() % 3_600_000);
  if (left < 20_000) await new Promise((r) => setTimeout(r, left + 50));
}

const POLICY = '"api";q=5;w=3600, "commands";q=3;w=3600';

describe('a budget per account, and one kept for opening and locking', () => {
  it('answers 429 in the envelope with Retry-After once the budget is spent; RateLimit headers on every answer', async () => {
    await oneWindow();
    const { owner, lock } = await lockWithCast();
    for (let i = 1; i <= 5; i++) {
      const r = await api('GET', `/api/v37/my/lock/${lock.id}/sync`, { key: owner.key });
      expect(r.status).toBe(200);
      expect(r.headers.get('ratelimit-policy')).toBe(POLICY);
      expect(r.headers.get('ratelimit')).toMatch(new RegExp(`^"api";r=${5 - i};t=\\d+$`));
    }
    const over = await api('GET', `/api/v37/my/lock/${lock.id}`, { key: owner.key });
    expect(over.status).toBe(429);
    expect(over.json).toEqual({
      success: false,
      errorMessages: [
        expect.stringMatching(
          /^Too many requests for this account \(5 per hour\)\. Try again in \d+ (seconds|minutes)\.$/,
        ),
      ],
      statusCode: 429,
    });
    const retry = Number(over.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(3600);
    expect(over.headers.get('ratelimit')).toBe(`"api";r=0;t=${retry}`);
    expect(over.headers.get('ratelimit-policy')).toBe(POLICY);
    // writes and lists spend the same budget
    expect((await api('GET', '/api/v37/my/lock', { key: owner.key })).status).toBe(429);

    // the door still opens: commands have their own budget, which polling never touched
    const unlock = await api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock`, { key: owner.key });
    expect(unlock.status).toBe(202);
    expect(unlock.headers.get('ratelimit')).toMatch(/^"commands";r=2;t=\d+$/);
    // two more commands (the lock may still be busy with the first: 409 also counts), then 429
    for (const op of ['lock', 'pull'])
      expect([202, 409]).toContain(
        (await api('POST', `/api/v37/my/lock/${lock.id}/operation/${op}`, { key: owner.key })).status,
      );
    const tooMany = await api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock`, { key: owner.key });
    expect(tooMany.status).toBe(429);
    expect(tooMany.json.errorMessages[0]).toMatch(
      /^Too many commands that open or lock for this account \(3 per hour\)/,
    );
    expect(tooMany.headers.get('retry-after')).toMatch(/^\d+$/);

    // per account: someone else on the same lock is not affected
    const admin = await createUser();
    await grantUser(lock.id, admin.id, AccessLevel.administrator);
    expect((await api('GET', `/api/v37/my/lock/${lock.id}`, { key: admin.key })).status).toBe(200);
  });

  it('the portal’s own calls (a session) count apart, with a budget a person never reaches', async () => {
    await oneWindow();
    const { owner, lock } = await lockWithCast();
    for (let i = 0; i < 6; i++) await api('GET', `/api/v37/my/lock/${lock.id}`, { key: owner.key });
    expect((await api('GET', `/api/v37/my/lock/${lock.id}`, { key: owner.key })).status).toBe(429);
    const headers = await sessionHeaders(owner);
    const r = await api('GET', `/api/v37/my/lock/${lock.id}`, { headers });
    expect(r.status).toBe(200);
    expect(r.headers.get('ratelimit-policy')).toBe('"portal-api";q=100;w=3600, "portal-commands";q=60;w=3600');
    expect(r.headers.get('ratelimit')).toMatch(/^"portal-api";r=99;t=\d+$/);
  });

  it('answers that no account pays for still name the policy: no credentials, unknown paths, public routes', async () => {
    for (const [method, url] of [
      ['GET', '/api/v37/my/lock'],
      ['GET', '/api/v37/nowhere'],
      ['GET', '/api/v37/service/publickey'],
      ['DELETE', '/api/v37/my/lock'],
    ]) {
      const r = await api(method, url);
      expect(r.headers.get('ratelimit-policy'), url).toBe(POLICY);
      expect(r.headers.get('ratelimit'), url).toBeNull();
    }
  });
});

/** Runs one child "server process" (tests/api/ratelimit-process-child.ts); resolves with what it printed. */
function child(
  key: string,
  lockId: number,
  count: number,
): Promise<{ pid: number; got: Array<{ status: number; rateLimit: string | null; retryAfter: string | null }> }> {
  return new Promise((resolve, reject) => {
    const p = spawn(
      process.execPath,
      ['node_modules/tsx/dist/cli.mjs', 'tests/api/ratelimit-process-child.ts', key, String(lockId), String(count)],
      {
        env: childEnv({ ...TINY, API_RATE_LIMIT: '8', DB_SKIP_MIGRATE: '1', DB_POOL_MAX: '3' }),
      },
    );
    let out = '';
    let err = '';
    const guard = setTimeout(() => {
      p.kill('SIGKILL');
      reject(new Error(`child ${p.pid} hung; stdout: ${out.slice(-500)} stderr: ${err.slice(-1500)}`));
    }, 60_000);
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('exit', (code) => {
      clearTimeout(guard);
      if (code === 0) resolve(JSON.parse(out.trim().split('\n').at(-1)!));
      else reject(new Error(`child exited ${code}: ${err}`));
    });
  });
}

// Two processes only share a database on a real Postgres (PGlite is one process per folder).
describe.runIf(onPostgres())('two server processes on one Postgres', () => {
  it('share one budget: of 12 requests with a budget of 8, exactly 8 pass, the rest are 429 with Retry-After', {
    timeout: 120_000,
  }, async () => {
    await oneWindow();
    const owner = await createUser();
    const lock = await createLock({ bridge: await createBridge() });
    await grantUser(lock.id, owner.id, AccessLevel.owner);
    const [a, b] = await Promise.all([child(owner.key, lock.id, 6), child(owner.key, lock.id, 6)]);
    const all = [...a.got, ...b.got];
    expect(a.pid).not.toBe(b.pid);
    expect(all.filter((g) => g.status === 200)).toHaveLength(8);
    const refused = all.filter((g) => g.status === 429);
    expect(refused).toHaveLength(4);
    for (const g of refused) {
      expect(g.retryAfter).toMatch(/^\d+$/);
      expect(g.rateLimit).toMatch(/^"api";r=0;t=\d+$/);
    }
    // the remaining counts the two processes saw are each of 7..0 once: one counter, not two
    const remaining = all.filter((g) => g.status === 200).map((g) => Number(/r=(\d+)/.exec(g.rateLimit!)![1]));
    expect(remaining.sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});
