import { spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { childEnv, onPostgres, setConfig } from '@/tests/support/config';
import { deviceOperations } from '@/db/schema';
import { EXT_FIELD } from '@/lib/devices/tedee/protocol';
import { operationProgress } from '@/lib/domain/devices/commands';
import { hardware } from '../support/bridges';
import { createBridge, createLock, createUser, db } from '../support/factories/core';
import { eventually } from '../support/factories/devices';

/** Runs one child "server process"; resolves with what it printed. */
function child(
  deviceId: number,
  userId: string,
  ms: number,
  die = false,
): Promise<{ pid: number; accepted: string[]; busy: number }> {
  return new Promise((resolve, reject) => {
    const args = [
      'node_modules/tsx/dist/cli.mjs',
      'tests/api/bridge-process-child.ts',
      String(deviceId),
      userId,
      String(ms),
      ...(die ? ['die'] : []),
    ];
    const p = spawn(process.execPath, args, { env: childEnv({ DB_SKIP_MIGRATE: '1', DB_POOL_MAX: '3' }) });
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
    p.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1)!))
        : reject(new Error(`child exited ${code}: ${err}`)),
    );
  });
}

// Two processes only share a database on a real Postgres (PGlite is one process per folder).
describe.runIf(onPostgres())('two server processes, one lock on its bridge', () => {
  it('the lock never runs two commands at once: of racing processes one gets each command through, the others 409', {
    timeout: 120_000,
  }, async () => {
    const user = await createUser();
    const lock = await createLock({ bridge: await createBridge() });
    setConfig({ SIM_COMMAND_MS: '60' });
    const [a, b] = await Promise.all([child(lock.id, user.id, 2500), child(lock.id, user.id, 2500)]);
    // both processes got commands through, and both were refused while the other's ran
    expect(a.accepted.length).toBeGreaterThan(0);
    expect(b.accepted.length).toBeGreaterThan(0);
    expect(a.busy + b.busy).toBeGreaterThan(0);
    const ops = await (await db()).select().from(deviceOperations).where(eq(deviceOperations.deviceId, lock.id));
    // what the service records is what was accepted (a refused command left no operation), all finished well
    expect(ops.map((o) => o.id).sort()).toEqual([...a.accepted, ...b.accepted].sort());
    expect(ops.every((o) => o.status === 'COMPLETED' && o.result === 0)).toBe(true);
    // the lock's own account: each command's transitional state, then its outcome, never two interleaved
    let running: string | null = null;
    const seen = new Set<string>();
    for (const e of hardware.bridgeOfLock(lock.id)!.sent) {
      const op = (e.data[EXT_FIELD] as { operationId?: string } | undefined)?.operationId;
      if (e.event !== 'lock-status-changed' || !op) continue;
      const moving = [4, 5, 8].includes(e.data.state as number);
      if (moving) {
        expect(running, `${op} started while ${running} ran`).toBeNull();
        running = op;
      } else {
        expect(running).toBe(op);
        running = null;
        seen.add(op);
      }
    }
    expect([...seen].sort()).toEqual([...a.accepted, ...b.accepted].sort());
  });

  it('a process that dies after sending a command leaves nothing pending: the lock’s answer reaches the service anyway', async () => {
    const user = await createUser();
    const lock = await createLock({ bridge: await createBridge() });
    const { accepted } = await child(lock.id, user.id, 0, true);
    const op = await eventually(async () => {
      const o = await operationProgress(await db(), accepted[0]);
      return o?.status === 'COMPLETED' ? o : null;
    });
    expect(op).toMatchObject({ result: 0, deviceId: lock.id });
  });
});
