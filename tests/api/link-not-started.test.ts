import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel, deviceAccess } from '@/db/schema';
import { api } from '../support/router';
import { db } from '../support/factories/core';
import { createOrgLock, orgWithCast, type Cast } from '../support/factories/organization';

/** Issue 33: a link that has not started says when it starts (it used to hide it). */
let c: Cast;
let lock: { id: number };
const DAY = 86_400_000;

beforeAll(async () => {
  c = await orgWithCast({ timeZone: 'Europe/Warsaw' });
  lock = await createOrgLock(c.org.id, { name: 'Front door', timeZone: 'Europe/Warsaw' });
  await (await db())
    .insert(deviceAccess)
    .values({ deviceId: lock.id, principalType: 0, userId: c.owner.id, accessLevel: AccessLevel.owner })
    .onConflictDoNothing();
});

async function link(startDate: Date, endDate: Date) {
  const res = await api('POST', `/api/v37/organization/${c.org.id}/accesslink`, {
    key: c.owner.key,
    body: {
      name: `Later ${randomUUID().slice(0, 6)}`,
      description: 'Plumber, next week',
      deviceIds: [lock.id],
      repeatEvent: { startDate: startDate.toISOString(), endDate: endDate.toISOString() },
    },
  });
  expect(res.status).toBe(201);
  return (res.json.result.url as string).split('/link/')[1];
}

describe('the guest page of a link that has not started', () => {
  it('gives its start and zone (and still nothing else of the link); the guest API is unchanged', async () => {
    const start = new Date(Math.ceil((Date.now() + 3 * DAY) / 60_000) * 60_000);
    const token = await link(start, new Date(start.getTime() + DAY));
    const page = await api('GET', `/api/v37/link/${token}/page`, { headers: { 'x-forwarded-for': '10.9.1.1' } });
    expect(page.status).toBe(200);
    expect(page.json.result).toEqual({
      kind: 'notYetValid',
      organizationName: c.org.name,
      validFrom: start.toISOString(),
      timeZone: 'Europe/Warsaw',
    });
    // the API's answer stays as it was: 404 in words, nothing of the link
    const res = await api('GET', `/api/v37/link/${token}`, { headers: { 'x-forwarded-for': '10.9.1.2' } });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.json)).not.toContain('Plumber');
  });

  it('an ended link still shows nothing of itself but whose it is', async () => {
    const token = await link(new Date(Date.now() - 2 * DAY), new Date(Date.now() - DAY));
    const page = await api('GET', `/api/v37/link/${token}/page`, { headers: { 'x-forwarded-for': '10.9.1.3' } });
    expect(page.status).toBe(200);
    expect(page.json.result).toEqual({ kind: 'expired', organizationName: c.org.name });
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  it('an unknown token is not found, and names nothing', async () => {
    const page = await api('GET', '/api/v37/link/no-such-link-token/page', {
      headers: { 'x-forwarded-for': '10.9.1.4' },
    });
    expect(page.status).toBe(404);
    expect(page.json).toEqual({ success: false, errorMessages: [expect.any(String)], statusCode: 404 });
  });
});
