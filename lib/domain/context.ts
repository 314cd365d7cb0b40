import { KeyRejected } from './errors';
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
  /** a third-party app's OAuth access token (lib/oauth/tokens.ts): the app and the person's grant to it */
  app?: { clientId: string; grantId: string };
  /** portal sessions: the session's id, and when its password was last proven */
  sessionId?: string;
  authAt?: Date;
}

/** What every domain verb gets: the database (or a transaction) and the clock. */
export interface BaseCtx {
  db: Db;
  now: () => Date;
}

/**
 * A key (lib/auth/keys.ts) or a portal session (lib/auth/sessions.ts) remembered from an earlier
 * request that this request has not yet confirmed in the database. A statement may confirm it on
 * the way (keyStillValidSql with `keyCheckValues`, then `confirmKey`); if none did, the HTTP layer
 * checks before answering.
 */
export interface KeyCheck {
  keyId?: string;
  sessionId?: string;
  scopes: readonly string[];
  done: boolean;
}

/** A verb run on behalf of a signed-in user or key holder. */
export interface Ctx extends BaseCtx {
  caller: Caller;
  keyCheck?: KeyCheck;
  /** the client's address as the server determined it (lib/http/client-address.ts), for the audit log */
  client?: string;
  /**
   * Set by a verb that shares several doors with one person in one step (lib/domain/access/bulk.ts):
   * the shares' mails are collected here and sent as one mail when the step succeeds.
   */
  shareMail?: ShareMailBatch;
}

/** The mails of one share step: pending accesses to invite to, accesses to give notice of. */
export interface ShareMailBatch {
  invitations: { accessId: string; email: string }[];
  notices: { accessId: string; to: { email: string; displayName: string } }[];
}

/** Values for the placeholders of keyStillValidSql: nothing to check once confirmed. */
export function keyCheckValues(ctx: Ctx): {
  checkKeyId: string | null;
  checkScopes: string[];
  checkSessionId: string | null;
} {
  const k = ctx.keyCheck;
  return k && !k.done
    ? { checkKeyId: k.keyId ?? null, checkScopes: [...k.scopes], checkSessionId: k.sessionId ?? null }
    : { checkKeyId: null, checkScopes: [], checkSessionId: null };
}

/** The placeholders every hot read statement takes: the caller, the clock, the remembered-key check. */
export function callerValues(ctx: Ctx, now: Date) {
  return { userId: ctx.caller.userId, now: now.toISOString(), ...keyCheckValues(ctx) };
}

/** Records what a statement found about the remembered key; a failed check ends the request. */
export function confirmKey(ctx: Ctx, ok: boolean): void {
  const k = ctx.keyCheck;
  if (!k || k.done) return;
  if (!ok) throw KeyRejected();
  k.done = true;
}
