import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oauthStore } from '@/db/schema';
import { sweepExpiredOAuth } from '@/lib/oauth/sweep';
import { db } from '../support/factories/core';

const DAY = 86_400_000;

describe("the OAuth store's expired rows are swept", () => {
  it('codes and tokens past their expiry by over a day go; live ones, recent ones and those without an end stay', async () => {
    const d = await db();
    const tag = `sweep-${Math.random().toString(36).slice(2)}`;
    const now = new Date();
    const row = (id: string, expiresAt: Date | null) => ({
      model: 'AccessToken',
      id: `${tag}-${id}`,
      payload: { kind: 'AccessToken' },
      clientId: tag,
      expiresAt,
    });
    await d
      .insert(oauthStore)
      .values([
        row('old', new Date(now.getTime() - 3 * DAY)),
        row('older', new Date(now.getTime() - 30 * DAY)),
        row('recent', new Date(now.getTime() - 3_600_000)),
        row('live', new Date(now.getTime() + DAY)),
        row('endless', null),
      ]);
    expect(await sweepExpiredOAuth(d, now)).toBeGreaterThanOrEqual(2);
    const left = await d.select({ id: oauthStore.id }).from(oauthStore).where(eq(oauthStore.clientId, tag));
    expect(left.map((r) => r.id.slice(tag.length + 1)).sort()).toEqual(['endless', 'live', 'recent']);
    // a second pass (another process) finds nothing of these to do
    await sweepExpiredOAuth(d, now);
    expect(await d.select().from(oauthStore).where(eq(oauthStore.clientId, tag))).toHaveLength(3);
  });
});
