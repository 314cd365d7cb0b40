import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { webhookAttempts, webhookDeliveries, webhookSubscriptions } from '@/db/schema';
import { encryptSecret } from '@/lib/crypto/secrets';
import type { Ctx } from '../context';
import { audit, changed } from '../audit';
import { Conflict, Invalid, NotFound } from '../errors';
import { resolveSafe, UnsafeEndpoint } from './address';
import type { CreateInput, UpdateInput } from './input';
import { ownedBy, type Owner } from './owner';
import { webhookView } from './view';

export const MAX_WEBHOOKS_PER_OWNER = 20;

/** `whsec_` + base64 of 32 random bytes, the Standard Webhooks secret form. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** Refuses URLs that resolve to private, loopback or link-local addresses (checked again at send). */
async function assertSafeUrl(url: string): Promise<void> {
  try {
    await resolveSafe(new URL(url));
  } catch (e) {
    if (e instanceof UnsafeEndpoint) throw Invalid(`url: ${e.message}`);
    throw e;
  }
}

export async function listWebhooks(ctx: Ctx, owner: Owner) {
  const rows = await ctx.db
    .select()
    .from(webhookSubscriptions)
    .where(ownedBy(owner))
    .orderBy(asc(webhookSubscriptions.created));
  return rows.map(webhookView);
}

/** One subscription of this owner, or 404 (someone else's ids cannot be probed). */
export async function findWebhook(ctx: Ctx, owner: Owner, id: string) {
  const [s] = await ctx.db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.id, id), ownedBy(owner)));
  if (!s) throw NotFound('Webhook');
  return s;
}

export async function getWebhook(ctx: Ctx, owner: Owner, id: string) {
  return webhookView(await findWebhook(ctx, owner, id));
}

/** Creates a subscription; the secret is in this answer and never again. */
export async function createWebhook(ctx: Ctx, owner: Owner, input: CreateInput) {
  const url = input.url.trim();
  await assertSafeUrl(url);
  const [{ n }] = await ctx.db.select({ n: count() }).from(webhookSubscriptions).where(ownedBy(owner));
  if (n >= MAX_WEBHOOKS_PER_OWNER)
    throw Conflict(`At most ${MAX_WEBHOOKS_PER_OWNER} webhooks are allowed here; delete one first.`);
  const secret = newWebhookSecret();
  const id = randomUUID(); // the ciphertext is bound to its row
  const [s] = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .insert(webhookSubscriptions)
      .values({
        id,
        userId: owner.userId ?? null,
        organizationId: owner.organizationId ?? null,
        url,
        events: input.events,
        enabled: input.enabled ?? true,
        secretCiphertext: encryptSecret(secret, 'webhook_subscriptions', id),
        created: ctx.now(),
      })
      .returning();
    await audit(tx, ctx, {
      action: 'webhook.create',
      organizationId: owner.organizationId ?? null,
      target: { type: 'webhook', id, name: url },
      after: { url, events: input.events, enabled: input.enabled ?? true },
    });
    return rows;
  });
  return { ...webhookView(s), secret };
}

export async function updateWebhook(ctx: Ctx, owner: Owner, id: string, input: UpdateInput) {
  const current = await findWebhook(ctx, owner, id);
  const url = input.url?.trim();
  if (url !== undefined && url !== current.url) await assertSafeUrl(url);
  const set: Partial<typeof webhookSubscriptions.$inferInsert> = {};
  if (input.events) set.events = input.events;
  if (input.enabled !== undefined) {
    set.enabled = input.enabled;
    set.disabledReason = null; // a person decided: the service's reason no longer applies
  }
  if (url !== undefined && url !== current.url) {
    // a new endpoint starts with a clean record
    Object.assign(set, { url, failing: false, consecutiveFailures: 0 });
  }
  if (!Object.keys(set).length) return webhookView(current);
  const [s] = await ctx.db.transaction(async (tx) => {
    const rows = await tx.update(webhookSubscriptions).set(set).where(eq(webhookSubscriptions.id, id)).returning();
    const diff = changed(
      { url: current.url, events: current.events, enabled: current.enabled },
      { url: set.url, events: set.events, enabled: set.enabled },
    );
    if (diff)
      await audit(tx, ctx, {
        action: 'webhook.update',
        organizationId: owner.organizationId ?? null,
        target: { type: 'webhook', id, name: set.url ?? current.url },
        ...diff,
      });
    return rows;
  });
  return webhookView(s);
}

/** Deletes the subscription with its deliveries and their attempt logs. */
export async function deleteWebhook(ctx: Ctx, owner: Owner, id: string): Promise<void> {
  const current = await findWebhook(ctx, owner, id);
  await ctx.db.transaction(async (tx) => {
    await audit(tx, ctx, {
      action: 'webhook.delete',
      organizationId: owner.organizationId ?? null,
      target: { type: 'webhook', id, name: current.url },
      before: { url: current.url, events: current.events, enabled: current.enabled },
    });
    const mine = tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, id));
    await tx.delete(webhookAttempts).where(inArray(webhookAttempts.deliveryId, mine));
    await tx.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  });
}
