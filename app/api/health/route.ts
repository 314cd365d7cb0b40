import { sql } from 'drizzle-orm';
import { dbKind, getDb } from '@/db/client';

export const dynamic = 'force-dynamic';

// GET /api/health: ready when the database answers (used by start scripts and Playwright).
export async function GET() {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return Response.json({ status: 'ok', database: await dbKind() });
  } catch (e) {
    console.error('health check failed', e);
    return Response.json({ status: 'error' }, { status: 503 });
  }
}
