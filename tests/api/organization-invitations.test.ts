import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizationInvitations, organizationUsers, userGroupMembers, users } from '@/db/schema';
import { ACCEPT_PATH, previewInvitation } from '@/lib/domain/organizations/invitations';
import { runMailPass } from '@/lib/mail/pass';
import { api } from '../support/router';
import { addOrgUser, createGroup, createOrg, createUser, db } from '../support/factories/core';
import { smtpForFile } from '../support/smtp-for-file';

/**
 * Invitations to an organization (Tedee's invite user), through a real SMTP server in this
 * process: the mail's link is the only way in, and only for the verified account of the address.
 */

const smtp = smtpForFile();

const address = () => `newhire-${randomUUID().slice(0, 8)}@company.test`;

async function team() {
  const org = await createOrg({ name: `Acme ${randomUUID().slice(0, 4)}` });
  const [owner, admin, member] = await Promise.all([
    createUser({ displayName: 'Olivia Owner' }),
    createUser(),
    createUser(),
  ]);
  const ou = {
    owner: await addOrgUser(org.id, owner.id, 2),
    admin: await addOrgUser(org.id, admin.id, 1),
    member: await addOrgUser(org.id, member.id, 0),
  };
  return { org, owner, admin, member, ou, url: `/api/v37/organization/${org.id}` };
}

/** Sends what is queued for `to` and returns the token of the newest mail's link. */
async function mailedToken(to: string) {
  await runMailPass(await db(), new Date(), { only: [to] });
  const mails = smtp.to(to);
  const m = mails[mails.length - 1];
  const link = new URL(m.links[0]);
  expect(link.pathname).toBe(ACCEPT_PATH);
  return { mail: m, token: link.searchParams.get('token')! };
}

const accept = (key: string, token: string) =>
  api('POST', '/api/v37/my/organization-invitation', { key, body: { token } });

describe('POST /organization/{id}/user (invite)', () => {
  it('an administrator invites a member by e-mail: 201, a mail with the organization in its subject and a single-use link', async () => {
    const t = await team();
    const group = await createGroup(t.org.id, 'Front desk');
    const email = address();
    const r = await api('POST', `${t.url}/user`, {
      key: t.admin.key,
      // the how-to's own body (howtos/manage-organization-users.rst): role 2 is Tedee's Member
      body: { name: 'New Hire', email: email.toUpperCase(), role: 2, groupIds: [group.id] },
    });
    expect(r.status).toBe(201);
    expect(r.json.result).toEqual({
      invitationId: expect.any(String),
      email,
      name: 'New Hire',
      role: 2,
      roleName: 'member',
      groupIds: [group.id],
      // the how-to says an organizationUserId comes back: here a person joins only by accepting
      organizationUserId: null,
      status: 'invited',
      expiresAt: expect.stringMatching(/Z$/),
    });
    expect(new Date(r.json.result.expiresAt).getTime() - Date.now()).toBeGreaterThan(13.9 * 86_400_000);
    const { mail, token } = await mailedToken(email);
    expect(mail.subject).toBe(`${t.org.name}: You are invited to join ${t.org.name}`);
    expect(mail.text).toContain(t.admin.displayName);
    expect(mail.html).toContain('Join');
    // the token is nowhere in the database in clear
    const rows = await (await db())
      .select()
      .from(organizationInvitations)
      .where(eq(organizationInvitations.id, r.json.result.invitationId));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses: members inviting, administrators inviting administrators, an owner role, known members, a second open invitation, bad input', async () => {
    const t = await team();
    const other = await createGroup((await createOrg()).id, 'Elsewhere');
    const post = (key: string, body: object) => api('POST', `${t.url}/user`, { key, body });
    expect((await post(t.member.key, { email: address() })).status).toBe(403);
    expect((await post(t.admin.key, { email: address(), role: 1 })).status).toBe(403);
    expect((await post(t.owner.key, { email: address(), role: 0 })).status).toBe(403); // 0: Tedee's Owner
    expect((await post(t.owner.key, { email: address(), role: 1 })).status).toBe(201);
    expect((await post(t.admin.key, { email: t.member.email.toUpperCase() })).status).toBe(409);
    const email = address();
    expect((await post(t.admin.key, { email })).status).toBe(201);
    expect((await post(t.admin.key, { email })).status).toBe(409);
    expect((await post(t.admin.key, { email: 'not-an-address' })).status).toBe(400);
    expect((await post(t.admin.key, { email: address(), groupIds: [other.id] })).status).toBe(400);
    expect((await post(t.admin.key, { email: address(), name: 'Olivia\u202eOwner' })).status).toBe(400);
    expect((await post(t.admin.key, { email: address(), role: 7 })).status).toBe(400);
    expect(
      (await api('POST', `${t.url}/user`, { key: (await createUser()).key, body: { email: address() } })).status,
    ).toBe(404);
    expect((await post(await t.admin.keyWith(['Organization.Read']), { email: address() })).status).toBe(403);
  });
});

describe('POST /my/organization-invitation (accept)', () => {
  it('the verified account of the address follows the link and joins with the role and groups; the link works once', async () => {
    const t = await team();
    const group = await createGroup(t.org.id, 'Night shift');
    const email = address();
    await api('POST', `${t.url}/user`, { key: t.owner.key, body: { email, role: 1, groupIds: [group.id] } });
    const { token } = await mailedToken(email);
    const preview = await previewInvitation({ db: await db(), now: () => new Date() }, token);
    expect(preview).toEqual({
      ok: true,
      invitation: {
        organizationName: t.org.name,
        email,
        role: 1,
        roleName: 'administrator',
        expiresAt: expect.any(String),
      },
    });
    const hire = await createUser({ email: email.replace('newhire', 'NewHire') });
    const r = await accept(hire.key, token);
    expect(r.status).toBe(200);
    expect(r.json.result).toEqual({
      organizationId: t.org.id,
      organizationName: t.org.name,
      organizationUserId: expect.any(Number),
      role: 1,
      roleName: 'administrator',
    });
    const d = await db();
    expect(
      await d
        .select({ g: userGroupMembers.groupId })
        .from(userGroupMembers)
        .where(eq(userGroupMembers.organizationUserId, r.json.result.organizationUserId)),
    ).toEqual([{ g: group.id }]);
    const list = await api('GET', `${t.url}/user?Filters.IncludePendingUsers=true`, { key: t.owner.key });
    expect(list.json.result.filter((u: any) => u.email.toLowerCase() === email).map((u: any) => u.status)).toEqual([
      'active',
    ]);
    const again = await accept(hire.key, token);
    expect(again.status).toBe(410);
  });

  it('an attacker who registers the invited address without the mail gets nothing; another account with the link is refused and the link still works', async () => {
    const t = await team();
    const email = address();
    await api('POST', `${t.url}/user`, { key: t.admin.key, body: { email } });
    const { token } = await mailedToken(email);
    // the attacker registers the address first (never verified: they cannot read its mail)
    const squatter = await createUser({ email, unverified: true });
    expect((await api('GET', '/api/v37/organization', { key: squatter.key })).json.result).toEqual({
      organizations: [],
    });
    expect((await accept(squatter.key, 'A'.repeat(43))).status).toBe(404);
    // even holding the link, an unverified account does not join
    const unverified = await accept(squatter.key, token);
    expect(unverified.status).toBe(403);
    expect(unverified.json.errorMessages[0]).toMatch(/Confirm your e-mail/);
    // a forwarded link does not work for someone else
    const stranger = await createUser();
    const wrong = await accept(stranger.key, token);
    expect(wrong.status).toBe(403);
    expect(wrong.json.errorMessages[0]).toContain(email);
    const d = await db();
    expect(await d.select().from(organizationUsers).where(eq(organizationUsers.userId, stranger.id))).toEqual([]);
    // once the owner of the address proves it, the same link works
    await d.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, squatter.id));
    expect((await accept(squatter.key, token)).status).toBe(200);
  });

  it('withdrawn and expired invitations are refused (410); resend replaces the link; an expired one may be sent again', async () => {
    const t = await team();
    const email = address();
    const inv = (await api('POST', `${t.url}/user`, { key: t.admin.key, body: { email } })).json.result;
    const first = (await mailedToken(email)).token;
    // resend: at most once a minute, the former link dies
    expect((await api('POST', `${t.url}/invitation/${inv.invitationId}/resend`, { key: t.admin.key })).status).toBe(
      429,
    );
    const d = await db();
    await d
      .update(organizationInvitations)
      .set({ sentAt: new Date(Date.now() - 120_000) })
      .where(eq(organizationInvitations.id, inv.invitationId));
    expect((await api('POST', `${t.url}/invitation/${inv.invitationId}/resend`, { key: t.member.key })).status).toBe(
      403,
    );
    const resent = await api('POST', `${t.url}/invitation/${inv.invitationId}/resend`, { key: t.admin.key });
    expect(resent.status).toBe(200);
    expect(resent.json.result).toMatchObject({ invitationId: inv.invitationId, status: 'invited' });
    const second = (await mailedToken(email)).token;
    expect(second).not.toBe(first);
    const hire = await createUser({ email });
    expect((await accept(hire.key, first)).status).toBe(410);
    // withdrawn: the link stops working; the list no longer shows it
    expect((await api('DELETE', `${t.url}/invitation/${inv.invitationId}`, { key: t.member.key })).status).toBe(403);
    expect(
      (await api('DELETE', `${t.url}/invitation/${inv.invitationId}`, { key: (await createUser()).key })).status,
    ).toBe(404);
    expect((await api('DELETE', `${t.url}/invitation/${inv.invitationId}`, { key: t.admin.key })).status).toBe(204);
    expect((await api('DELETE', `${t.url}/invitation/${inv.invitationId}`, { key: t.admin.key })).status).toBe(404);
    expect((await accept(hire.key, second)).status).toBe(410);
    expect(
      (await api('GET', `${t.url}/user?Filters.IncludePendingUsers=true`, { key: t.admin.key })).json.result,
    ).toHaveLength(3);

    // expired: listed as expired, refused, and may be invited again
    const late = address();
    const lateInv = (await api('POST', `${t.url}/user`, { key: t.admin.key, body: { email: late } })).json.result;
    const lateToken = (await mailedToken(late)).token;
    await d
      .update(organizationInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(organizationInvitations.id, lateInv.invitationId));
    const listed = await api('GET', `${t.url}/user?Filters.IncludePendingUsers=true`, { key: t.admin.key });
    expect(listed.json.result.find((u: any) => u.invitationId === lateInv.invitationId).status).toBe('expired');
    const lateHire = await createUser({ email: late });
    // the token's own expiry has not passed, but the invitation's has
    expect((await accept(lateHire.key, lateToken)).status).toBe(410);
    expect((await api('POST', `${t.url}/user`, { key: t.admin.key, body: { email: late } })).status).toBe(201);
  });
});
