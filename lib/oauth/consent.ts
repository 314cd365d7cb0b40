import { and, eq, gte } from 'drizzle-orm';
import { errors } from 'oidc-provider';
import { getDb } from '@/db/client';
import { organizations, organizationUsers, users } from '@/db/schema';
import { appLogo } from '@/lib/domain/apps/developer';
import { useSecondFactorCode } from '@/lib/auth/second-factor';
import { RECENT_AUTH_MS } from '@/lib/auth/sessions';
import { audit } from '@/lib/domain/audit';
import { organizationsReached, type Reach } from '@/lib/domain/apps/reach';
import { secondFactorStatus } from '@/lib/domain/account/second-factors';
import type { Ctx } from '@/lib/domain/context';
import { Forbidden, Invalid } from '@/lib/domain/errors';
import { OrgRole } from '@/lib/shared/policy';
import { nodePair } from './bridge';
import { apiResource, interactionPath, oauthProvider } from './provider';
import { isAppScope, type AppScope } from './scopes';

/**
 * The portal's side of an authorization (the consent page and its buttons): which app asks for
 * what, and the person's answer, which becomes an oidc-provider grant of exactly the scopes they
 * allowed. The interaction is found by its cookie, which the provider set for this browser only,
 * and must be the one the page's address names.
 */
export interface PendingConsent {
  uid: string;
  clientId: string;
  appName: string;
  hasLogo: boolean;
  /** where the app's answer goes (its origin, shown so the person knows where they are sent) */
  redirectOrigin: string;
  scopes: AppScope[];
  /** scopes the app asked for that no app may have (ignored, shown as such) */
  refused: string[];
}

export interface ConsentNeeds {
  reach: Reach[];
  /** 'code': a TOTP or recovery code now; 'recent': a sign-in within 10 minutes (passkey-only accounts) */
  secondFactor: 'code' | 'recent' | null;
  /** organizations where the person administers and a second factor is required, while they have none */
  blockedBy: string[];
}

async function interactionOf(uid: string, cookie: string) {
  const provider = oauthProvider();
  const { req, res } = nodePair('GET', interactionPath(uid), new Headers({ cookie }));
  try {
    const interaction = await provider.interactionDetails(req, res);
    return interaction.uid === uid ? { provider, interaction } : null;
  } catch (e) {
    if (e instanceof errors.SessionNotFound) return null;
    throw e;
  }
}

/** The app's request waiting for this browser's answer, or null (expired, finished, another browser's). */
export async function pendingConsent(uid: string, cookie: string): Promise<PendingConsent | null> {
  const found = await interactionOf(uid, cookie);
  if (!found) return null;
  const { provider, interaction } = found;
  const params = interaction.params as Record<string, string | undefined>;
  const client = await provider.Client.find(String(params.client_id ?? ''));
  if (!client) return null;
  const asked = String(params.scope ?? '')
    .split(' ')
    .filter(Boolean);
  const scopes = [...new Set(asked.filter(isAppScope))];
  let redirectOrigin = '';
  try {
    redirectOrigin = new URL(String(params.redirect_uri)).origin;
  } catch {
    redirectOrigin = String(params.redirect_uri ?? '');
  }
  const logo = await appLogo({ db: await getDb() }, client.clientId);
  return {
    uid,
    clientId: client.clientId,
    appName: client.clientName ?? client.clientId,
    hasLogo: !!logo,
    redirectOrigin: redirectOrigin === 'null' ? String(params.redirect_uri).split(':')[0] + ':' : redirectOrigin,
    scopes,
    refused: asked.filter((s) => !isAppScope(s) && s !== 'offline_access'),
  };
}

/** What the person must show before allowing, and what the app would reach. */
export async function consentNeeds(ctx: Ctx): Promise<ConsentNeeds> {
  const [reach, factors, administered] = await Promise.all([
    organizationsReached(ctx),
    secondFactorStatus(ctx),
    ctx.db
      .select({ name: organizations.name, required: organizations.requireSecondFactor })
      .from(organizationUsers)
      .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
      .where(and(eq(organizationUsers.userId, ctx.caller.userId), gte(organizationUsers.role, OrgRole.administrator))),
  ]);
  const requiredBy = administered.filter((o) => o.required).map((o) => o.name);
  return {
    reach,
    secondFactor: factors.totp.enabled ? 'code' : factors.enabled ? 'recent' : null,
    blockedBy: factors.enabled ? [] : requiredBy,
  };
}

/**
 * The person's answer. Allowing: the second factor is checked (a TOTP or recovery code, or for a
 * passkey-only account a sign-in within 10 minutes), a grant of exactly `scopes` (a subset of what
 * the app asked) is made for this person and app, and the audit log of the person and of every
 * organization whose doors it reaches records it. Refusing: the app gets `access_denied`. Either
 * way the answer is where the browser goes next (back through the provider to the app).
 */
export async function answerConsent(
  ctx: Ctx,
  uid: string,
  cookie: string,
  answer: { allow: boolean; scopes?: string[]; code?: string },
): Promise<{ redirectTo: string }> {
  const pending = await pendingConsent(uid, cookie);
  if (!pending) throw Invalid('This request has expired or was already answered: start again from the app.');
  const provider = oauthProvider();
  const { req, res } = nodePair('POST', interactionPath(uid), new Headers({ cookie }));
  if (!answer.allow) {
    const redirectTo = await provider.interactionResult(req, res, {
      error: 'access_denied',
      error_description: 'The person did not allow the app.',
    });
    return { redirectTo };
  }
  const scopes = [...new Set(answer.scopes ?? pending.scopes)];
  const unknown = scopes.filter((s) => !pending.scopes.includes(s as AppScope));
  if (unknown.length) throw Invalid(`scopes: the app did not ask for ${unknown.join(', ')}`);
  if (!scopes.length) throw Invalid('scopes: allow at least one, or choose "Don\'t allow"');
  const needs = await consentNeeds(ctx);
  if (needs.blockedBy.length)
    throw Forbidden(
      `${needs.blockedBy.join(', ')} requires a second factor of its administrators: add one in Settings > Security first.`,
    );
  if (needs.secondFactor === 'code') {
    if (!answer.code) throw Invalid('code: enter the code from your authenticator app (or a recovery code)');
    if (!(await useSecondFactorCode(ctx.db, ctx.caller.userId, answer.code, ctx.now())))
      throw Invalid('code: this code is not right, or was already used');
  } else if (needs.secondFactor === 'recent') {
    const at = ctx.caller.authAt?.getTime() ?? 0;
    if (ctx.now().getTime() - at > RECENT_AUTH_MS)
      throw Forbidden('Sign in again with your passkey to connect an app: you signed in more than 10 minutes ago.');
  }
  const grant = new provider.Grant({ accountId: ctx.caller.userId, clientId: pending.clientId });
  grant.addResourceScope(apiResource(), scopes.join(' '));
  const grantId = await grant.save();
  await ctx.db.transaction(async (tx) => {
    const [me] = await tx.select({ id: users.id }).from(users).where(eq(users.id, ctx.caller.userId));
    if (!me) throw Forbidden();
    for (const organizationId of [null, ...needs.reach.filter((o) => o.id !== null).map((o) => o.id)])
      await audit(tx, ctx, {
        action: 'app.connect',
        organizationId,
        target: { type: 'app', id: pending.clientId, name: pending.appName },
        after: { scopes },
      });
  });
  const redirectTo = await provider.interactionResult(req, res, {
    login: { accountId: ctx.caller.userId },
    consent: { grantId },
  });
  return { redirectTo };
}

/** An app's logo for GET /oauth/logo/{clientId}, or null. */
export async function logoOf(clientId: string): Promise<{ bytes: Buffer; type: string } | null> {
  return appLogo({ db: await getDb() }, clientId);
}
