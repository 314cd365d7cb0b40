import { openedDb, type Db } from '@/db/client';
import { logError } from '@/lib/log';

/**
 * Something the simulated hardware does by itself after `ms` (settle a command, let the latch go,
 * auto lock, raise the door alert), in the process that started it. It uses the open database and
 * never reopens one closed at shutdown: then the sweep of a running process does it instead.
 */
export function later(ms: number, what: string, run: (db: Db) => Promise<unknown>): void {
  const t = setTimeout(() => {
    const db = openedDb();
    if (!db) return;
    run(db).catch((e) => logError(`${what} failed`, e));
  }, ms + 5);
  t.unref?.();
}
