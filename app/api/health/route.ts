import { sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { withEdge } from '@/lib/http/edge';
import { logError } from '@/lib/log';

export const dynamic = 'force-dynamic';

// GET /api/health: ready when the database answers (start scripts, Playwright, load balancers).
// Says nothing about what the database is or how the server is set up.
export const GET = withEdge(async () => {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return Response.json({ status: 'ok' });
  } catch (e) {
    logError('health', e);
    return Response.json({ status: 'error' }, { status: 503 });
  }
});
