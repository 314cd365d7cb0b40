import { describe, expect, it } from 'vitest';
import { recordActivity } from '@/lib/domain/activity/record';
import { api } from '../support/router';
import { createLock, db } from '../support/factories/core';
import { deviceActivity } from '@/db/schema';
import { eq } from 'drizzle-orm';

describe('database and health', () => {
  it('migrations apply and /api/health answers ok, and nothing about how the server is set up', async () => {
    const res = await api('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
    expect(res.text).not.toMatch(/pglite|postgres/i);
  });

  it('activity dates stay unique per device even when written at the same instant', async () => {
    const lock = await createLock();
    const at = new Date('2026-01-01T10:00:00.000Z');
    const d = await db();
    await Promise.all(
      Array.from({ length: 5 }, () => recordActivity(d, { deviceId: lock.id, event: 33, source: 1, at })),
    );
    const rows = await d.select().from(deviceActivity).where(eq(deviceActivity.deviceId, lock.id));
    expect(new Set(rows.map((r) => r.date.getTime())).size).toBe(5);
    expect(Math.min(...rows.map((r) => r.date.getTime()))).toBe(at.getTime());
  });
});
