import { spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deviceOperations } from '@/db/schema';
import { getGateway } from '@/lib/devices';
import { createBridge, createLock, createUser, db } from '../support/factories/core';

/** Runs one child "server process"; resolves with what it printed. */
function child(deviceId: number, userId: string, ms: number, die = false): Promise<{ pid: number; accepted: string[]; busy: number }> {
  return new Promise((resolve, reject) => {
    const args = ['node_modules/tsx/dist/cli.mjs', 'tests/api/simulator-process-child.ts', String(deviceId), userId, String(ms), ...(die ? ['die'] : [])];
    const p = spawn(process.execPath, args, {
      env: { ...process.env, SIM_COMMAND_MS: '60', DB_SKIP_MIGRATE: '1', DB_POOL_MAX: '3' },
    });
    let out = '';
    let err = '';
    // a child that neither finishes nor fails within 45 s is killed, and the test says what it printed
    const guard = setTimeout(() => {
      p.kill('SIGKILL');
      reject(new Error(`child ${p.pid} hung; stdout: ${out.slice(-500)} stderr: ${err.slice(-1500)}`));
    }, 45_000);
    p.on('exit', () => clearTimeout(guard));
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!)) : reject(new Error(`child exited ${code}: ${err}`))));
  });
}

// Two processes only share a database on a real Postgres (PGlite is one process per folder).
describe.runIf(!!process.env.DATABASE_URL)('two server processes on one Postgres', () => {
  it('never run two commands on one device at once', { timeout: 120_000 }, async () => {
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

  it('an operation of a process that died completes as timed out in another one, and frees the lock', async () => {
    const user = await createUser();
    const lock = await createLock({ bridge: await createBridge() });
    const { accepted } = await child(lock.id, user.id, 0, true);
    const before = process.env.SIM_STALE_MS;
    process.env.SIM_STALE_MS = '300'; // how long after its planned end nobody is left to see the answer
    try {
      const gw = getGateway();
      expect((await gw.getOperation(await db(), accepted[0]))?.status).toBe('PENDING');
      await new Promise((r) => setTimeout(r, 60 + 300 + 100));
      // (the reaper runs the same settle for every stale operation; here the read settles it, as
      // a global reap could touch other test files' operations in a shared database)
      expect(await gw.getOperation(await db(), accepted[0])).toMatchObject({ status: 'COMPLETED', result: 2 });
      // the slot is free again: this process can command the lock
      await expect(gw.startOperation(await db(), { deviceId: lock.id, type: 0, userId: user.id })).resolves.toHaveProperty('operationId');
    } finally {
      process.env.SIM_STALE_MS = before;
    }
  });
});
