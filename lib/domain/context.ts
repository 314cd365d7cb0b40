import type { Db } from '@/db/client';
import type { Scope } from '@/lib/auth/scopes';

/** Who is calling, however they authenticated (session cookie or personal access key). */
export interface Caller {
  userId: string;
  userNumId: number;
  email: string;
  displayName: string;
  scopes: ReadonlySet<Scope>;
  via: 'session' | 'key';
  keyId?: string;
}

/** What every domain verb gets: the database (or a transaction) and the clock. */
export interface BaseCtx {
  db: Db;
  now: () => Date;
}

/** A verb run on behalf of a signed-in user or key holder. */
export interface Ctx extends BaseCtx {
  caller: Caller;
}
