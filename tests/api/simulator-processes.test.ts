import { spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deviceOperations } from '@/db/schema';
import { createBridge, createLock, createUser, db } from '../support/factories/core';

/** Runs one child "server process"; resolves with what it printed. */
function child(deviceId: number, userId: string, ms: number): Promise<{ pid: number; accepted: string[]; busy: number }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'tests/api/simulator-process-child.ts', String(deviceId), userId, String(ms)], {
      env: { ...process.env, SIM_COMMAND_MS: '60', DB_SKIP_MIGRATE: '1', DB_POOL_MAX: '3' },
    });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!)) : reject(new Error(`child exited ${code}: ${err}`))));
  });
}

// Two processes only share a database on a real Postgres (PGlite is one process per folder).
describe.runIf(!!process.env.DATABASE_URL)('two server processes on one Postgres', () => {
  it('never run two commands on one device at once', async () => {
    const user = await createUser();
    const lock = await createLock({ bridge: await createBridge() });
    const [a, b] = await Promise.all([child(lock.id, user.id, 2500), child(lock.id, user.id, 2500)]);
    // both processes got commands through, and both were refused while the other held the lock
    expect(a.accepted.length).toBeGreaterThan(0);
    expect(b.accepted.length).toBeGreaterThan(0);
    expect(a.busy + b.busy).toBeGreaterThan(0);
    const ops = await (await db()).select().from(deviceOperations).where(eq(deviceOperations.deviceId, lock.id)).orderBy(deviceOperations.created);
    expect(ops.map((o) => o.id).sort()).toEqual([...a.accepted, ...b.accepted].sort());
    // each command ran from its acceptance to its completion; no two of those intervals overlap
    for (let i = 1; i < ops.length; i++) {
      expect(ops[i].created.getTime(), `operation ${i} started before ${i - 1} finished`).toBeGreaterThanOrEqual(ops[i - 1].completedAt!.getTime());
    }
    expect(ops.every((o) => o.status === 'COMPLETED' && o.result === 0)).toBe(true);
  });
});
