import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel, accessLinks, auditLog, mailOutbox } from '@/db/schema';
import { publicUrl } from '@/lib/config/env';
import { LINK_MAIL_LIMIT } from '@/lib/domain/accesslinks/send';
import { runMailPass } from '@/lib/mail/pass';
import { api } from '../support/router';
import { addOrgUser, createKey, createUser, db, grantUser } from '../support/factories/core';
import { createGate, createOrgLock, orgWithCast, type Cast } from '../support/factories/organization';
import { smtpForFile } from '../support/smtp-for-file';

/** Sending an access link by e-mail from the portal (issue 22): policy sendLinks, the outbox, a budget per sender. */
let c: Cast;
let gate: { id: number };
let lock: { id: number };
const HOUR = 3_600_000;
const LINKS = () => `/api/v37/organization/${c.org.id}/accesslink`;
const address = () => `guest-${randomUUID().slice(0, 8)}@test.local`;

const smtp = smtpForFile();
beforeAll(async () => {
  c = await orgWithCast({ timeZone: 'Europe/Warsaw' });
  gate = await createGate(c.org.id, { name: 'Main gate' });
  lock = await createOrgLock(c.org.id, { name: 'Front door' });
  for (const d of [gate, lock]) await grantUser(d.id, c.admin.id, AccessLevel.administrator);
  for (const d of [gate, lock]) await grantUser(d.id, c.owner.id, AccessLevel.owner);
});

async function link(
  key = c.admin.key,
  repeatEvent: Record<string, string> = { startDate: '2026-11-20T08:00:00Z', endDate: '2099-11-27T17:00:00Z' },
) {
  const res = await api('POST', LINKS(), {
    key,
    body: { name: `Send ${randomUUID().slice(0, 6)}`, deviceIds: [gate.id, lock.id], repeatEvent },
  });
  expect(res.status).toBe(201);
  return res.json.result as { id: string; url: string };
}
const send = (id: string, body: unknown, key = c.admin.key) => api('POST', `${LINKS()}/${id}/send`, { key, body });

describe('POST .../accesslink/{id}/send', () => {
  it('queues one mail with the URL, doors, window and message; the worker sends it; the audit names the address, never the URL', async () => {
    const l = await link();
    const to = address();
    const res = await send(l.id, { email: `  ${to} `, message: 'Ring twice, please.', extra: 'ignored' });
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ result: { email: to }, success: true, errorMessages: [], statusCode: 202 });
    const d = await db();
    const [queued] = await d.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
    expect(queued).toMatchObject({
      kind: 'access-link',
      status: 'pending',
      subject: `${c.org.name}: Your access link`,
    });
    const token = l.url.split('/link/')[1];
    expect(queued.bodyCiphertext).not.toContain(token);
    expect(await runMailPass(d, new Date(), { only: [to] })).toEqual({ attempted: 1, sent: 1 });
    const [m] = smtp.to(to);
    expect(m.links).toEqual([l.url]);
    expect(m.text).toContain(
      `${c.admin.displayName} of ${c.org.name} sent you an access link. With it you can open Main gate, Front door`,
    );
    expect(m.text).toContain('It works from 20 Nov 2026, 09:00 to 27 Nov 2099, 18:00 (Europe/Warsaw).');
    expect(m.text).toContain(`${c.admin.displayName} writes: "Ring twice, please."`);
    const sent = (await d.select().from(auditLog).where(eq(auditLog.targetId, l.id))).find(
      (e) => e.action === 'link.send',
    );
    expect(sent).toMatchObject({
      action: 'link.send',
      actorUserId: c.admin.id,
      targetType: 'accessLink',
      after: { to },
    });
    expect(JSON.stringify(sent)).not.toContain(token);
  });

  it("the mailed URL is on the public URL, whatever host the request named (no links to an attacker's host)", async () => {
    const l = await link();
    const to = address();
    const res = await api('POST', `http://evil.example${LINKS()}/${l.id}/send`, {
      key: c.admin.key,
      body: { email: to },
      headers: { 'x-forwarded-host': 'evil.example' },
    });
    expect(res.status).toBe(202);
    expect(await runMailPass(await db(), new Date(), { only: [to] })).toEqual({ attempted: 1, sent: 1 });
    const [m] = smtp.to(to);
    expect(m.links).toHaveLength(1);
    expect(new URL(m.links[0]).origin).toBe(publicUrl().origin);
    expect(m.links[0].split('/link/')[1]).toBe(l.url.split('/link/')[1]);
    expect(m.html).not.toContain('evil.example');
  });

  it('validates: an e-mail address, at most 320 characters, a message of at most 500; errors in the envelope', async () => {
    const l = await link();
    for (const body of [
      {},
      { email: 'not-an-address' },
      { email: `${'a'.repeat(320)}@test.local` },
      { email: address(), message: 'x'.repeat(501) },
      { email: 42 },
    ]) {
      const res = await send(l.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toMatchObject({ success: false, statusCode: 400, errorMessages: [expect.any(String)] });
    }
    expect((await send(l.id, { email: address() })).status).toBe(202);
  });

  it('refuses an ended link (409): the guest would get a link that opens nothing', async () => {
    const l = await link();
    // it ended an hour ago (the API does not make links that have ended already)
    await (await db())
      .update(accessLinks)
      .set({ startDate: new Date(Date.now() - 2 * HOUR), endDate: new Date(Date.now() - HOUR) })
      .where(eq(accessLinks.id, l.id));
    const res = await send(l.id, { email: address() });
    expect(res.status).toBe(409);
    expect(res.json.errorMessages).toEqual([
      'This link has expired: change its dates before sending it, or create a new one.',
    ]);
  });

  it(`each sender has ${LINK_MAIL_LIMIT.max} mails an hour, then 429 with Retry-After; another sender is not held`, async () => {
    const l = await link();
    const sender = await createUser();
    const d = await db();
    await addOrgUser(c.org.id, sender.id, 1);
    // a sender who could make the link (reading or sending its URL is holding its power)
    for (const dev of [gate, lock]) await grantUser(dev.id, sender.id, AccessLevel.administrator);
    for (let i = 0; i < LINK_MAIL_LIMIT.max; i++)
      expect((await send(l.id, { email: address() }, sender.key)).status).toBe(202);
    const refused = await send(l.id, { email: address() }, sender.key);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await send(l.id, { email: address() }, c.owner.key)).status).toBe(202);
    expect((await d.select().from(accessLinks).where(eq(accessLinks.id, l.id))).length).toBe(1);
  });
});

describe('who may send a link (lib/domain/policy: sendLinks)', () => {
  it('a member, a guest of its doors, an administrator of another organization: 404 and no mail; a read-only key: 403', async () => {
    const l = await link();
    const d = await db();
    const to = address();
    // an organization member without the administrator role
    expect((await send(l.id, { email: to }, c.member.key)).status).toBe(404);
    // a guest on the link's doors, outside the organization
    const guest = await createUser();
    await grantUser(gate.id, guest.id, AccessLevel.guest);
    expect((await send(l.id, { email: to }, guest.key)).status).toBe(404);
    // the owner of another organization, with this organization's id and link
    expect((await send(l.id, { email: to }, c.outsider.key)).status).toBe(404);
    // their own organization's path with this link: not found either
    expect(
      (
        await api('POST', `/api/v37/organization/${c.other.id}/accesslink/${l.id}/send`, {
          key: c.outsider.key,
          body: { email: to },
        })
      ).status,
    ).toBe(404);
    expect((await send(l.id, { email: to }, await createKey(c.admin.id, ['AccessLink.Read']))).status).toBe(403);
    expect(await d.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to))).toEqual([]);
  });
});
