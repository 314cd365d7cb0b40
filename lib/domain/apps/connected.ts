import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { oauthClients, oauthStore } from '@/db/schema';
import { audit } from '../audit';
import type { Ctx } from '../context';
import { NotFound } from '../errors';
import { fmtNoZone, fmtZ } from '../format';
import { organizationsReached } from './reach';
import type { ConnectedApp } from './schemas';

/** The scopes of a stored grant (oidc-provider's `resources`: resource -> space-separated scopes). */
export function grantScopes(payload: unknown): string[] {
  const resources = (payload as { resources?: Record<string, string> }).resources ?? {};
  return [...new Set(Object.values(resources).flatMap((s) => String(s).split(' ').filter(Boolean)))].sort();
}

/** The apps the caller let act for them, each once (however many times they consented), oldest first. */
export async function listConnectedApps(ctx: Ctx): Promise<ConnectedApp[]> {
  const now = ctx.now();
  const rows = await ctx.db
    .select({
      clientId: oauthClients.clientId,
      name: oauthClients.name,
      logo: sql<boolean>`${oauthClients.logo} is not null`,
      payload: oauthStore.payload,
      created: oauthStore.created,
      lastUsed: oauthStore.lastUsedAt,
    })
    .from(oauthStore)
    .innerJoin(oauthClients, and(eq(oauthClients.clientId, oauthStore.clientId), isNull(oauthClients.deletedAt)))
    .where(
      and(
        eq(oauthStore.model, 'Grant'),
        eq(oauthStore.accountId, ctx.caller.userId),
        or(isNull(oauthStore.expiresAt), gt(oauthStore.expiresAt, now)),
      ),
    )
    .orderBy(asc(oauthStore.created));
  const byApp = new Map<string, ConnectedApp & { usedAt: Date | null }>();
  for (const r of rows) {
    const seen = byApp.get(r.clientId);
    const scopes = grantScopes(r.payload);
    if (!seen) {
      byApp.set(r.clientId, {
        clientId: r.clientId,
        name: r.name,
        hasLogo: r.logo,
        scopes,
        connected: fmtNoZone(r.created),
        lastUsed: null,
        usedAt: r.lastUsed,
      });
      continue;
    }
    seen.scopes = [...new Set([...seen.scopes, ...scopes])].sort();
    if (r.lastUsed && (!seen.usedAt || r.lastUsed > seen.usedAt)) seen.usedAt = r.lastUsed;
  }
  return [...byApp.values()].map(({ usedAt, ...a }) => ({ ...a, lastUsed: fmtZ(usedAt) }));
}

/**
 * Disconnects an app from the caller: every grant, code, access and refresh token it holds for
 * them is deleted in one statement, so its next call is refused by every process. Recorded in the
 * audit log of each organization whose doors it reached, and the person's own.
 */
export async function disconnectApp(ctx: Ctx, clientId: string): Promise<void> {
  const reached = await organizationsReached(ctx);
  await ctx.db.transaction(async (tx) => {
    const gone = await tx
      .delete(oauthStore)
      .where(and(eq(oauthStore.accountId, ctx.caller.userId), eq(oauthStore.clientId, clientId)))
      .returning({ model: oauthStore.model });
    if (!gone.some((g) => g.model === 'Grant')) throw NotFound('Connected app');
    const [app] = await tx
      .select({ name: oauthClients.name })
      .from(oauthClients)
      .where(eq(oauthClients.clientId, clientId))
      .limit(1);
    for (const organizationId of [null, ...reached.filter((o) => o.id !== null).map((o) => o.id)])
      await audit(tx, ctx, {
        action: 'app.disconnect',
        organizationId,
        target: { type: 'app', id: clientId, name: app?.name ?? clientId },
      });
  });
}
