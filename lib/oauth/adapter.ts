import { and, eq, isNull } from 'drizzle-orm';
import type { Adapter, AdapterPayload, ClientMetadata } from 'oidc-provider';
import { errors } from 'oidc-provider';
import { getDb, type Db } from '@/db/client';
import { oauthClients, oauthStore } from '@/db/schema';
import { tokenHash } from '@/lib/crypto/secrets';

/**
 * oidc-provider's storage on Drizzle (one table, `oauth_store`): every server process reads and
 * writes the same rows, so a code issued by one process is redeemed at another, and a grant
 * revoked anywhere is gone everywhere on the next request. Nothing is kept in process memory.
 *
 * Ids (tokens, codes, cookie values) are stored as SHA-256 only: the provider always hands the
 * adapter the id it looks for, so hashing on the way in and out is invisible to it. The payload's
 * own copy of the id (`jti`) is dropped before storing and put back when read.
 *
 * Apps (model `Client`) are read from `oauth_clients`, never written by the provider.
 */
export class DrizzleAdapter implements Adapter {
  constructor(readonly model: string) {}

  private db(): Promise<Db> {
    return getDb();
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    if (this.model === 'Client') throw new Error('apps are registered through the API, not the provider');
    const db = await this.db();
    const { jti: _jti, ...stored } = payload;
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    const row = {
      payload: stored,
      // a grant is its own grant: revoking it finds it with its codes and tokens
      grantId: this.model === 'Grant' ? id : (payload.grantId ?? null),
      uid: payload.uid ? tokenHash(payload.uid) : null,
      userCode: payload.userCode ?? null,
      accountId: payload.accountId ?? null,
      clientId: payload.clientId ?? null,
      expiresAt,
    };
    await db
      .insert(oauthStore)
      .values({ model: this.model, id: tokenHash(id), ...row })
      .onConflictDoUpdate({ target: [oauthStore.model, oauthStore.id], set: row });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const db = await this.db();
    if (this.model === 'Client') return findClient(db, id);
    const [row] = await db
      .select({ payload: oauthStore.payload, consumedAt: oauthStore.consumedAt, expiresAt: oauthStore.expiresAt })
      .from(oauthStore)
      .where(and(eq(oauthStore.model, this.model), eq(oauthStore.id, tokenHash(id))))
      .limit(1);
    return row ? restore(row, id) : undefined;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const db = await this.db();
    const [row] = await db
      .select({
        id: oauthStore.id,
        payload: oauthStore.payload,
        consumedAt: oauthStore.consumedAt,
        expiresAt: oauthStore.expiresAt,
      })
      .from(oauthStore)
      .where(and(eq(oauthStore.model, this.model), eq(oauthStore.uid, tokenHash(uid))))
      .limit(1);
    // a session found by its uid: its own id (the cookie value) is not known here, and not needed
    return row ? restore(row, undefined) : undefined;
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const db = await this.db();
    const [row] = await db
      .select({ payload: oauthStore.payload, consumedAt: oauthStore.consumedAt, expiresAt: oauthStore.expiresAt })
      .from(oauthStore)
      .where(and(eq(oauthStore.model, this.model), eq(oauthStore.userCode, userCode)))
      .limit(1);
    return row ? restore(row, undefined) : undefined;
  }

  /**
   * Marks a code or refresh token used, once. Two processes redeeming the same refresh token at
   * the same moment both passed the provider's own "already consumed?" check: only one of them
   * wins this update; the other is a reuse, which revokes the whole grant (as the provider does
   * when it sees a consumed token) and fails with invalid_grant.
   */
  async consume(id: string): Promise<void> {
    const db = await this.db();
    const won = await db
      .update(oauthStore)
      .set({ consumedAt: new Date() })
      .where(and(eq(oauthStore.model, this.model), eq(oauthStore.id, tokenHash(id)), isNull(oauthStore.consumedAt)))
      .returning({ grantId: oauthStore.grantId });
    if (won.length) return;
    const [row] = await db
      .select({ grantId: oauthStore.grantId })
      .from(oauthStore)
      .where(and(eq(oauthStore.model, this.model), eq(oauthStore.id, tokenHash(id))));
    if (row?.grantId) await revokeGrant(db, row.grantId);
    throw new errors.InvalidGrant(`${this.model === 'RefreshToken' ? 'refresh token' : 'grant'} already used`);
  }

  async destroy(id: string): Promise<void> {
    const db = await this.db();
    if (this.model === 'Grant') {
      await revokeGrant(db, id);
      return;
    }
    await db.delete(oauthStore).where(and(eq(oauthStore.model, this.model), eq(oauthStore.id, tokenHash(id))));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    const db = await this.db();
    await db.delete(oauthStore).where(and(eq(oauthStore.model, this.model), eq(oauthStore.grantId, grantId)));
  }
}

function restore(
  row: { payload: unknown; consumedAt: Date | null; expiresAt: Date | null },
  id: string | undefined,
): AdapterPayload | undefined {
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
  const payload = { ...(row.payload as AdapterPayload) };
  if (id !== undefined) payload.jti = id;
  if (row.consumedAt) payload.consumed = Math.floor(row.consumedAt.getTime() / 1000);
  return payload;
}

/** A grant and everything issued under it (codes, access and refresh tokens), in every process at once. */
export async function revokeGrant(db: Db, grantId: string): Promise<void> {
  await db.delete(oauthStore).where(eq(oauthStore.grantId, grantId));
}

/** An app as the provider reads it: only what this server allows (code flow, refresh tokens, PKCE). */
async function findClient(db: Db, clientId: string): Promise<AdapterPayload | undefined> {
  const [c] = await db
    .select({
      clientId: oauthClients.clientId,
      redirectUris: oauthClients.redirectUris,
      secretHash: oauthClients.secretHash,
      name: oauthClients.name,
    })
    .from(oauthClients)
    .where(and(eq(oauthClients.clientId, clientId), isNull(oauthClients.deletedAt)))
    .limit(1);
  if (!c) return undefined;
  const metadata: ClientMetadata = {
    client_id: c.clientId,
    client_name: c.name,
    redirect_uris: c.redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    // the secret is compared as its hash: the bridge hashes what the client sends (lib/oauth/bridge.ts)
    ...(c.secretHash
      ? { client_secret: c.secretHash, token_endpoint_auth_method: 'client_secret_basic' }
      : { token_endpoint_auth_method: 'none' }),
  };
  return metadata;
}
