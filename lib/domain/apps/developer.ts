import { and, desc, eq, isNull } from 'drizzle-orm';
import { oauthClients, oauthStore } from '@/db/schema';
import { randomToken, tokenHash } from '@/lib/crypto/secrets';
import { audit } from '../audit';
import type { Ctx } from '../context';
import { Invalid, NotFound } from '../errors';
import { fmtNoZone } from '../format';
import { invisibleName, showsSomething } from '@/lib/shared/text';
import { checkLogo, checkRedirectUri, MAX_REDIRECT_URIS } from './rules';
import type { AppRegistered, DeveloperApp } from './schemas';

export interface RegisterAppInput {
  name: string;
  redirectUris: string[];
  /** a data: URL of a PNG, JPEG or WebP image */
  logo?: string | null;
  /** true: a phone or browser app that cannot keep a secret (PKCE only) */
  isPublic?: boolean;
}

/**
 * Registers a third-party app of the caller (Settings > Developer): its client id is public; a
 * confidential app gets a secret, in this answer only (only its SHA-256 is kept). Every app,
 * public or not, must use PKCE (lib/oauth/provider.ts).
 */
export async function registerApp(ctx: Ctx, input: RegisterAppInput): Promise<AppRegistered> {
  const name = input.name.trim();
  if (!name) throw Invalid('name: must not be empty');
  // the consent page says who asks by this name: one that shows nothing leaves it blank
  if (!showsSomething(name)) throw Invalid(invisibleName('name'));
  if (name.length > 80) throw Invalid('name: must be at most 80 characters');
  if (!input.redirectUris.length) throw Invalid('redirectUris: at least one address is needed');
  if (input.redirectUris.length > MAX_REDIRECT_URIS)
    throw Invalid(`redirectUris: at most ${MAX_REDIRECT_URIS} addresses`);
  const redirectUris = [...new Set(input.redirectUris.map((u, i) => checkRedirectUri(u.trim(), `redirectUris.${i}`)))];
  const logo = input.logo ? checkLogo(input.logo) : null;
  const clientId = `app_${randomToken(12)}`;
  const secret = input.isPublic ? null : randomToken(32);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(oauthClients).values({
      clientId,
      userId: ctx.caller.userId,
      name,
      redirectUris,
      secretHash: secret ? tokenHash(secret) : null,
      logo: logo?.logo ?? null,
      logoType: logo?.logoType ?? null,
      created: now,
    });
    await audit(tx, ctx, {
      action: 'app.register',
      organizationId: null,
      target: { type: 'app', id: clientId, name },
      after: { name, redirectUris, isPublic: !secret },
    });
  });
  return {
    clientId,
    name,
    redirectUris,
    isPublic: !secret,
    hasLogo: !!logo,
    created: fmtNoZone(now),
    clientSecret: secret,
  };
}

/** The apps the caller registered, newest first. */
export async function listDeveloperApps(ctx: Ctx): Promise<DeveloperApp[]> {
  const rows = await ctx.db
    .select()
    .from(oauthClients)
    .where(and(eq(oauthClients.userId, ctx.caller.userId), isNull(oauthClients.deletedAt)))
    .orderBy(desc(oauthClients.created));
  return rows.map((r) => ({
    clientId: r.clientId,
    name: r.name,
    redirectUris: r.redirectUris,
    isPublic: !r.secretHash,
    hasLogo: !!r.logo,
    created: fmtNoZone(r.created),
  }));
}

/**
 * Removes an app of the caller: every grant, code and token of it dies at once, for every person
 * who connected it, in every process (the tokens' lookup joins the live app).
 */
export async function deleteDeveloperApp(ctx: Ctx, clientId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx
      .update(oauthClients)
      .set({ deletedAt: ctx.now() })
      .where(
        and(
          eq(oauthClients.clientId, clientId),
          eq(oauthClients.userId, ctx.caller.userId),
          isNull(oauthClients.deletedAt),
        ),
      )
      .returning({ name: oauthClients.name });
    if (!gone) throw NotFound('App');
    await tx.delete(oauthStore).where(eq(oauthStore.clientId, clientId));
    await audit(tx, ctx, {
      action: 'app.delete',
      organizationId: null,
      target: { type: 'app', id: clientId, name: gone.name },
    });
  });
}

/** An app's logo (for the consent page and the lists), or null. Public: it is what the app shows of itself. */
export async function appLogo(
  ctx: { db: Ctx['db'] },
  clientId: string,
): Promise<{ bytes: Buffer; type: string } | null> {
  const [r] = await ctx.db
    .select({ logo: oauthClients.logo, type: oauthClients.logoType })
    .from(oauthClients)
    .where(and(eq(oauthClients.clientId, clientId), isNull(oauthClients.deletedAt)))
    .limit(1);
  return r?.logo && r.type ? { bytes: Buffer.from(r.logo, 'base64'), type: r.type } : null;
}
