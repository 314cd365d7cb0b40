/**
 * One "server process" of tests/api/ratelimit.test.ts: its own database pool and route modules,
 * asking GET /my/lock/{id} through the same router the tests use, as a client of this process
 * would. Prints the statuses and the RateLimit headers it got as JSON.
 * Run with tsx: DATABASE_URL=... API_RATE_LIMIT=... tsx tests/api/ratelimit-process-child.ts <key> <lockId> <count>
 */
import { closeDb } from '@/db/client';
import { api } from '../support/router';

async function main() {
  const [key, lockId, count] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
  const got: Array<{ status: number; rateLimit: string | null; retryAfter: string | null }> = [];
  for (let i = 0; i < count; i++) {
    const r = await api('GET', `/api/v37/my/lock/${lockId}`, { key });
    got.push({ status: r.status, rateLimit: r.headers.get('ratelimit'), retryAfter: r.headers.get('retry-after') });
  }
  process.stdout.write(JSON.stringify({ pid: process.pid, got }) + '\n');
  await closeDb();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
