import type { Db } from '../client';

export interface SeedOptions {
  log?: (msg: string) => void;
  /** activity entries to spread over the last year (default 50,000) */
  activityCount?: number;
}

/** The demo dataset (being written: see issue 2). Idempotent. */
export async function seedDemo(_db: Db, opts: SeedOptions = {}): Promise<void> {
  opts.log?.('Demo data: not yet available.');
}
