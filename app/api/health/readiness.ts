import { sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { logError } from '@/lib/log';

/** Ready when the database answers. Says nothing about what the database is or how the server is set up. */
export async function readiness(): Promise<Response> {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return Response.json({ status: 'ok' });
  } catch (e) {
    logError('health', e);
    return Response.json({ status: 'error' }, { status: 503, headers: { 'retry-after': '2' } });
  }
}
