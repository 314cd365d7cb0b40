import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import { buildReport } from '@/lib/domain/reports/build';
import { lastPeriod } from '@/lib/domain/reports/period';
import { describe, expect, it } from 'vitest';
import { AccessLevel, auditLog, deviceActivity, mailOutbox, reportSends, users } from '@/db/schema';
import { decryptSecret } from '@/lib/crypto/secrets';
import { reportPass } from '@/lib/domain/reports/worker';
import { ActivityEvent as E } from '@/lib/shared/devices/codes';
import { addOrgUser, createUser, db, grantUser } from '../support/factories/core';
import { createOrgLock, orgWithCast } from '../support/factories/organization';
import { createSite } from '../support/factories/sites';
import { api } from '../support/router';

/**
 * Issue 35, item 4: scheduled reports of a site. Its owner and administrators subscribe (weekly or
 * monthly, at an hour of the site's zone); the worker mails each report once, with several
 * processes, at its hour, a readable mail with the CSV attached; a subscriber who lost the site
 * gets nothing more.
 */
const V = '/api/v37';

async function residence() {
  const c = await orgWithCast({ timeZone: 'Europe/Warsaw' });
  const site = await createSite(c.org.id, { name: 'Residence', timeZone: 'Europe/Warsaw' });
  const office = await createSite(c.org.id, { name: 'Office', timeZone: 'Europe/Warsaw' });
  const front = await createOrgLock(c.org.id, { name: 'Front door', siteId: site.id });
  const back = await createOrgLock(c.org.id, { name: 'Back door', siteId: site.id });
  const elsewhere = await createOrgLock(c.org.id, { name: 'Office door', siteId: office.id });
  for (const d of [front, back, elsewhere]) await grantUser(d.id, c.owner.id, AccessLevel.owner);
  const url = `${V}/organization/${c.org.id}/sites/${site.id}/reports`;
  const subscribe = (key: string, body: unknown) => api('POST', url, { key, body });
  return { ...c, site, office, front, back, elsewhere, url, subscribe };
}

/** Activity entries in the week of Monday 16 Nov 2026 (Warsaw), and one outside it. */
async function aWeekAtTheDoors(r: Awaited<ReturnType<typeof residence>>) {
  const at = (iso: string) => new Date(iso);
  const entry = (deviceId: number, event: number, date: string, username = '', userId: string | null = null) => ({
    deviceId,
    event,
    date: at(date),
    source: 1,
    username,
    userId,
  });
  await (await db()).insert(deviceActivity).values([
    entry(r.front.id, E.unlockedRemotely, '2026-11-16T08:00:00Z', 'Anna', r.owner.id),
    entry(r.front.id, E.unlockedRemotely, '2026-11-17T08:00:00Z', 'Anna', r.owner.id),
    entry(r.front.id, E.unlockedPin, '2026-11-18T08:00:00Z'),
    entry(r.back.id, E.pulledRemotely, '2026-11-20T08:00:00Z', 'Ben'),
    entry(r.back.id, E.wrongPin, '2026-11-21T08:00:00Z'),
    entry(r.back.id, E.jammed, '2026-11-21T09:00:00Z'),
    // Sunday 22 Nov 23:30 in Warsaw is still the week; Monday 00:30 is not
    entry(r.front.id, E.unlockedButton, '2026-11-22T22:30:00Z'),
    entry(r.front.id, E.unlockedButton, '2026-11-22T23:30:00Z'),
    // another site's door, the same week
    entry(r.elsewhere.id, E.unlockedRemotely, '2026-11-18T08:00:00Z', 'Anna', r.owner.id),
  ]);
  await (await db()).insert(auditLog).values({
    organizationId: r.org.id,
    at: at('2026-11-19T10:00:00Z'),
    actorName: 'Olivia Owner',
    via: 'portal',
    action: 'access.grant',
    deviceId: r.front.id,
    targetType: 'access',
    targetId: 'x',
    targetName: 'Nina Neighbour',
  });
}

describe('GET|POST /organization/{id}/sites/{siteId}/reports, DELETE .../{subscriptionId}', () => {
  it("the site's administrators subscribe, each to their own; the rest are refused; bad input saves nothing", async () => {
    const r = await residence();
    const made = await r.subscribe(r.admin.key, { frequency: 'weekly', hour: 8 });
    expect(made.status).toBe(201);
    expect(made.json.result).toMatchObject({
      siteId: r.site.id,
      frequency: 'weekly',
      hour: 8,
      timeZone: 'Europe/Warsaw',
      nextAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT(06|07):00:00\.000Z$/),
    });
    // again: the hour is set, no second subscription
    const again = await r.subscribe(r.admin.key, { frequency: 'weekly', hour: 9 });
    expect(again.status).toBe(200);
    expect(again.json.result).toMatchObject({ id: made.json.result.id, hour: 9 });
    expect((await r.subscribe(r.admin.key, { frequency: 'monthly', hour: 7 })).status).toBe(201);
    const mine = await api('GET', r.url, { key: r.admin.key });
    expect(mine.json.result.map((s: { frequency: string }) => s.frequency)).toEqual(['monthly', 'weekly']);
    // the owner's list is their own
    expect((await api('GET', r.url, { key: r.owner.key })).json.result).toEqual([]);
    // a member, an outsider, an administrator limited to the office
    const member = await r.subscribe(r.member.key, { frequency: 'weekly', hour: 8 });
    expect(member.status).toBe(403);
    expect(member.json.errorMessages[0]).toBe(
      "Only the organization's owner and the administrators of a site read its reports.",
    );
    expect((await r.subscribe(r.outsider.key, { frequency: 'weekly', hour: 8 })).status).toBe(404);
    const limited = await createUser();
    const ou = await addOrgUser(r.org.id, limited.id, 1);
    await api('PUT', `${V}/organization/${r.org.id}/user/${ou}/sites`, {
      key: r.owner.key,
      body: { siteIds: [r.office.id] },
    });
    expect((await r.subscribe(limited.key, { frequency: 'weekly', hour: 8 })).status).toBe(403);
    expect((await api('GET', `${r.url}/last?frequency=weekly`, { key: limited.key })).status).toBe(403);
    for (const bad of [{ frequency: 'daily', hour: 8 }, { frequency: 'weekly', hour: 24 }, { frequency: 'weekly' }])
      expect((await r.subscribe(r.admin.key, bad)).status, JSON.stringify(bad)).toBe(400);
    // another's subscription cannot be ended by id; one's own can, once
    expect((await api('DELETE', `${r.url}/${made.json.result.id}`, { key: r.owner.key })).status).toBe(404);
    expect((await api('DELETE', `${r.url}/${made.json.result.id}`, { key: r.admin.key })).status).toBe(204);
    expect((await api('DELETE', `${r.url}/${made.json.result.id}`, { key: r.admin.key })).status).toBe(404);
  });
});

describe('the report and its mailing', () => {
  it('counts openings per door and per person, refusals, attention and people changes of the site in its week', async () => {
    const r = await residence();
    await aWeekAtTheDoors(r);
    const p = lastPeriod('weekly', 8, 'Europe/Warsaw', new Date('2026-11-23T12:00:00Z'));
    expect(p).toMatchObject({
      key: '2026-11-16',
      label: 'the week of 16 Nov 2026',
      due: new Date('2026-11-23T07:00:00Z'),
    });
    const report = await buildReport(
      await db(),
      { organizationId: r.org.id, siteId: r.site.id, siteName: 'Residence' },
      p,
    );
    expect(report.openingsPerDoor).toEqual([
      { name: 'Front door', count: 4 },
      { name: 'Back door', count: 1 },
    ]);
    expect(report.openingsPerPerson).toEqual([
      { name: 'Anna', count: 2 },
      { name: 'At the door (no one known)', count: 2 },
      { name: 'Ben', count: 1 },
    ]);
    expect(report.refusalsPerDoor).toEqual([{ name: 'Back door', count: 1 }]);
    expect(report.attentionPerDoor).toEqual([{ name: 'Back door', count: 1 }]);
    expect(report.people).toEqual([
      { at: '2026-11-19T10:00:00.000Z', what: 'Shared a device', who: 'Nina Neighbour', by: 'Olivia Owner' },
    ]);
  });

  it('is mailed once at its hour in the site zone with two passes at once, CSV attached; not to one who lost the site', async () => {
    const r = await residence();
    await aWeekAtTheDoors(r);
    const sub = await r.subscribe(r.admin.key, { frequency: 'weekly', hour: 8 });
    // as if subscribed long ago
    await (await db()).execute(
      sql`update report_subscriptions set created = '2026-01-01' where id = ${sub.json.result.id}::uuid`,
    );
    // Monday 23 Nov 07:59 in Warsaw: not yet
    await reportPass(await db(), new Date('2026-11-23T06:59:00Z'));
    expect(
      await (await db()).select().from(reportSends).where(eq(reportSends.subscriptionId, sub.json.result.id)),
    ).toEqual([]);
    // 08:00:30: two processes' passes at once mail it once
    const at = new Date('2026-11-23T07:00:30Z');
    await Promise.all([reportPass(await db(), at), reportPass(await db(), at)]);
    await reportPass(await db(), new Date('2026-11-23T07:10:00Z'));
    const sends = await (await db())
      .select()
      .from(reportSends)
      .where(eq(reportSends.subscriptionId, sub.json.result.id));
    expect(sends.map((s) => s.period)).toEqual(['2026-11-16']);
    const [admin] = await (await db()).select({ email: users.email }).from(users).where(eq(users.id, r.admin.id));
    const mails = await (await db())
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, admin.email), eq(mailOutbox.kind, 'report')));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`${r.org.name}: Weekly report: Residence, the week of 16 Nov 2026`);
    const body = JSON.parse(decryptSecret(mails[0].bodyCiphertext!, 'mail_outbox', mails[0].id));
    expect(body.text).toContain('Openings per door\n- Front door: 4 openings\n- Back door: 1 opening');
    expect(body.text).toContain('Nina Neighbour (by Olivia Owner)');
    expect(body.attachments).toEqual([
      {
        filename: 'report-residence-2026-11-16.csv',
        contentType: 'text/csv',
        content: expect.stringContaining('openings per door,Front door,4,,\r\n'),
      },
    ]);
    expect(body.attachments[0].content.startsWith('section,name,count,at,by\r\n')).toBe(true);

    // the administrator is limited to the office: the next week's report is not mailed to them
    const ou = await (await db()).execute(
      sql`select id from organization_users where organization_id = ${r.org.id} and user_id = ${r.admin.id}::uuid`,
    );
    const ouId = rowsOf<{ id: number }>(ou)[0].id;
    await api('PUT', `${V}/organization/${r.org.id}/user/${ouId}/sites`, {
      key: r.owner.key,
      body: { siteIds: [r.office.id] },
    });
    await reportPass(await db(), new Date('2026-11-30T07:00:30Z'));
    const after = await (await db())
      .select()
      .from(reportSends)
      .where(inArray(reportSends.subscriptionId, [sub.json.result.id]));
    expect(after).toHaveLength(1);
  });
});
