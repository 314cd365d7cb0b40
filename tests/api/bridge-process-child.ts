/**
 * One "server process" of tests/api/bridge-processes.test.ts: its own database pool and gateway,
 * sending commands to one lock (on a virtual bridge of the test process) for a while. Prints what
 * it got as JSON. Run with tsx: DATABASE_URL=... tsx tests/api/bridge-process-child.ts <deviceId> <userId> <ms> [die]
 */
import { closeDb, getDb } from '@/db/client';
import { operationProgress, startLockOperation } from '@/lib/domain/devices/commands';

async function main() {
  const [deviceId, userId, ms] = [Number(process.argv[2]), process.argv[3], Number(process.argv[4])];
  const db = await getDb();
  const accepted: string[] = [];
  let busy = 0;
  if (process.argv[5] === 'die') {
    // send one command and die before the lock answers: its answer is not this process's to receive
    const r = await startLockOperation(db, { deviceId, type: 1, userId });
    process.stdout.write(JSON.stringify({ pid: process.pid, accepted: [r.operationId], busy: 0 }) + '\n');
    process.exit(0);
  }
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await startLockOperation(db, { deviceId, type: accepted.length % 2 ? 0 : 1, userId });
      accepted.push(r.operationId);
    } catch (e) {
      if ((e as { code?: string }).code !== 'device_busy') throw e;
      busy++;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  // wait until this process's operations are finished (the lock's events reach the service);
  // bounded, so a stuck operation fails the test with what it was stuck on instead of hanging it
  const deadline = Date.now() + 20_000;
  for (const id of accepted) {
    for (;;) {
      const op = await operationProgress(db, id).catch((e: Error) => ({ status: `error: ${e.message}` }));
      if (op?.status === 'COMPLETED') break;
      if (Date.now() > deadline) {
        console.error(`operation ${id} still not finished after 20 s: ${JSON.stringify(op)}`);
        process.exit(3);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  process.stdout.write(JSON.stringify({ pid: process.pid, accepted, busy }) + '\n');
  await closeDb();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
