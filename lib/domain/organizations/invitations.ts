import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/db/client';
import {
  organizationInvitations,
  organizations,
  organizationUsers,
  userGroupMembers,
  userGroups,
  users,
  type OrganizationInvitation,
} from '@/db/schema';
import { isEmailAddress, normalizeDisplayName, normalizeEmail } from '@/lib/auth/email';
import {
  consumeEmailToken,
  issueEmailToken,
  peekEmailToken,
  refusalMessage,
  revokeEmailTokens,
} from '@/lib/auth/email-tokens';
import { enqueueMail, mailLink, renderMail } from '@/lib/mail';
import { invitationOpen } from './open-invitations';
import type { BaseCtx, Ctx } from '../context';
import { audit } from '../audit';
import { Conflict, DomainError, Forbidden, Invalid, NotFound, RateLimited } from '../errors';
import { OrgRole } from '@/lib/shared/policy';
import { enforcePeople, factorOf, requireOrg } from '../policy/enforce';
import { groupReach, requireDelegable } from '../access/delegation';
import { roleName } from './organizations';
import { toWireRole } from '@/lib/shared/organizations/wire-roles';
import type { InvitationView } from './schemas';

/**
 * Invitations to the organization (Tedee's invite user). An administrator invites an address with
 * a role and groups; the mail carries a single-use token (lib/auth/email-tokens, purpose
 * 'org-invite', stored hashed). Nobody joins by registering the address: membership is made only
 * when a signed-in account whose address is that one, and verified, follows the token. The
 * invitation is listed as pending ("invited", then "expired") until accepted or withdrawn.
 */

export const ACCEPT_PATH = '/organization-invitation';
/** A resend at most this often per invitation (each one mails someone). */
const RESEND_EVERY_MS = 60_000;

const Gone = (message: string) => new DomainError('gone', message);

export type { InvitationView };

const view = (i: OrganizationInvitation, now: Date): InvitationView => ({
  invitationId: i.id,
  email: i.email,
  name: i.name,
  role: toWireRole(i.role),
  roleName: roleName(i.role),
  groupIds: i.groupIds,
  organizationUserId: null,
  status: i.expiresAt > now ? 'invited' : 'expired',
  expiresAt: i.expiresAt.toISOString(),
});

/** Writes the invitation's token and its mail, in the caller's transaction; returns when it expires. */
async function sendInvitation(
  tx: Db,
  inv: OrganizationInvitation,
  who: { orgName: string; inviter: string },
  now: Date,
): Promise<Date> {
  const { token, expiresAt } = await issueEmailToken(tx, { purpose: 'org-invite', email: inv.email, ref: inv.id, now });
  const url = mailLink(ACCEPT_PATH, { token });
  const role = inv.role === OrgRole.administrator ? 'an administrator' : 'a member';
  const days = Math.round((expiresAt.getTime() - now.getTime()) / 86_400_000);
  const body = renderMail({
    greeting: inv.name ? `Hello ${inv.name},` : 'Hello,',
    paragraphs: [
      `${who.inviter} invited you to join ${who.orgName} on Smart Lock Cloud as ${role}.`,
      'Open the link, sign in (or create an account) with this e-mail address, and accept.',
    ],
    action: { label: `Join ${who.orgName}`, url },
    after: [`The link works once, for ${days} days. It works only for the account of ${inv.email}.`],
    footer:
      'You got this mail because an administrator of the organization entered your address. If you did not expect it, ignore it.',
  });
  await enqueueMail(
    tx,
    {
      to: inv.email,
      subject: `You are invited to join ${who.orgName}`,
      ...body,
      kind: 'org-invite',
      organizationName: who.orgName,
    },
    now,
  );
  return expiresAt;
}

async function orgName(db: Db, organizationId: number): Promise<string> {
  const [o] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return o?.name ?? 'the organization';
}

/** POST /organization/{id}/user: invite an address (201 with the invitation). */
export async function invite(
  ctx: Ctx,
  input: { organizationId: number; email: string; name: string | null; role: number; groupIds: string[] },
): Promise<InvitationView> {
  const me = await requireOrg(ctx, input.organizationId, 'see');
  enforcePeople({ verb: 'invite', actor: me.role, role: input.role, factor: factorOf(me) });
  const email = normalizeEmail(input.email);
  if (!isEmailAddress(email)) throw Invalid('email: enter an e-mail address, like name@company.com.');
  let name: string | null = null;
  if (input.name?.trim()) {
    const n = normalizeDisplayName(input.name);
    if (!n.ok) throw Invalid(n.message.replace(/^displayName/, 'name'));
    name = n.value;
  }
  const groupIds = [...new Set(input.groupIds.map((g) => g.toLowerCase()))];
  if (groupIds.length) {
    const found = await ctx.db
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(and(eq(userGroups.organizationId, input.organizationId), inArray(userGroups.id, groupIds)));
    if (found.length !== groupIds.length) throw Invalid('groupIds: every group must be one of this organization.');
    // the invitation gives its groups' accesses: sent only by someone who holds them now
    await requireDelegable(ctx, await groupReach(ctx.db, groupIds), 'invite people into these groups');
  }
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: organizationUsers.id })
      .from(organizationUsers)
      .innerJoin(users, eq(users.id, organizationUsers.userId))
      .where(and(eq(organizationUsers.organizationId, input.organizationId), sql`lower(${users.email}) = ${email}`));
    if (member) throw Conflict(`${email} is already a member of this organization.`);
    const [open] = await tx
      .select()
      .from(organizationInvitations)
      .where(
        and(
          eq(organizationInvitations.organizationId, input.organizationId),
          sql`lower(${organizationInvitations.email}) = ${email}`,
          invitationOpen(),
        ),
      )
      .for('update');
    if (open && open.expiresAt > now)
      throw Conflict(
        `${email} is already invited (until ${open.expiresAt.toISOString().slice(0, 10)}); resend or withdraw that invitation.`,
      );
    if (open)
      await tx.update(organizationInvitations).set({ withdrawnAt: now }).where(eq(organizationInvitations.id, open.id));
    const [inv] = await tx
      .insert(organizationInvitations)
      .values({
        organizationId: input.organizationId,
        email,
        name,
        role: input.role,
        groupIds,
        invitedBy: ctx.caller.userId,
        created: now,
        sentAt: now,
        expiresAt: now,
      })
      .returning();
    const expiresAt = await sendInvitation(
      tx,
      inv,
      { orgName: await orgName(tx, input.organizationId), inviter: ctx.caller.displayName },
      now,
    );
    await tx.update(organizationInvitations).set({ expiresAt }).where(eq(organizationInvitations.id, inv.id));
    await audit(tx, ctx, {
      action: 'member.invite',
      organizationId: input.organizationId,
      target: { type: 'invitation', id: inv.id, name: email },
      after: { email, role: toWireRole(input.role), groupIds },
    });
    return view({ ...inv, expiresAt }, now);
  });
}

/** An open invitation of the organization, locked, that the caller may manage; else 404/403. */
async function manageable(tx: Db, ctx: Ctx, organizationId: number, invitationId: string) {
  const me = await requireOrg({ ...ctx, db: tx }, organizationId, 'see');
  const [inv] = await tx
    .select()
    .from(organizationInvitations)
    .where(
      and(
        eq(organizationInvitations.id, invitationId),
        eq(organizationInvitations.organizationId, organizationId),
        invitationOpen(),
      ),
    )
    .for('update');
  // a member cannot tell an invitation that exists from one that does not
  if (!inv && me.role < OrgRole.administrator)
    throw Forbidden('Only organization administrators can manage its people.');
  if (!inv) throw NotFound('Invitation');
  enforcePeople({ verb: 'manageInvitation', actor: me.role, role: inv.role, factor: factorOf(me) });
  return inv;
}

/** POST /organization/{id}/invitation/{invitationId}/resend: a new mail and link (the former link stops working), the full time again. */
export async function resendInvitation(
  ctx: Ctx,
  input: { organizationId: number; invitationId: string },
): Promise<InvitationView> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const inv = await manageable(tx, ctx, input.organizationId, input.invitationId);
    // the mail carries the token: re-sent only by someone who could send this invitation now
    await requireDelegable({ ...ctx, db: tx }, await groupReach(tx, inv.groupIds), 'send this invitation again');
    if (now.getTime() - inv.sentAt.getTime() < RESEND_EVERY_MS)
      throw RateLimited('This invitation was sent less than a minute ago; wait a moment before sending it again.');
    await revokeEmailTokens(tx, 'org-invite', { ref: inv.id }, now);
    const expiresAt = await sendInvitation(
      tx,
      inv,
      { orgName: await orgName(tx, input.organizationId), inviter: ctx.caller.displayName },
      now,
    );
    await tx
      .update(organizationInvitations)
      .set({ expiresAt, sentAt: now })
      .where(eq(organizationInvitations.id, inv.id));
    return view({ ...inv, expiresAt }, now);
  });
}

/** DELETE /organization/{id}/invitation/{invitationId}: withdraw; the mail's link stops working at once. */
export async function withdrawInvitation(
  ctx: Ctx,
  input: { organizationId: number; invitationId: string },
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const inv = await manageable(tx, ctx, input.organizationId, input.invitationId);
    await tx.update(organizationInvitations).set({ withdrawnAt: now }).where(eq(organizationInvitations.id, inv.id));
    await revokeEmailTokens(tx, 'org-invite', { ref: inv.id }, now);
    await audit(tx, ctx, {
      action: 'member.withdraw',
      organizationId: input.organizationId,
      target: { type: 'invitation', id: inv.id, name: inv.email },
      before: { email: inv.email, role: toWireRole(inv.role) },
    });
  });
}

export interface InvitationPreview {
  organizationName: string;
  email: string;
  role: number;
  roleName: string;
  expiresAt: string;
}

/** What the mail's link is, for the page that shows it before it is taken (no sign-in needed: the token is the proof). */
export async function previewInvitation(
  ctx: BaseCtx,
  token: string,
): Promise<{ ok: true; invitation: InvitationPreview } | { ok: false; message: string }> {
  const now = ctx.now();
  const t = await peekEmailToken(ctx.db, 'org-invite', token, now);
  if (!t.ok) return { ok: false, message: refusalMessage(t.reason, 'invitation') };
  const inv = await openInvitation(ctx.db, t.token.ref);
  if (!inv) return { ok: false, message: 'This invitation was withdrawn. Ask the organization for a new one.' };
  if (inv.expiresAt <= now) return { ok: false, message: refusalMessage('expired', 'invitation') };
  return {
    ok: true,
    invitation: {
      organizationName: await orgName(ctx.db, inv.organizationId),
      email: inv.email,
      role: inv.role,
      roleName: roleName(inv.role),
      expiresAt: inv.expiresAt.toISOString(),
    },
  };
}

async function openInvitation(db: Db, id: string | null) {
  if (!id) return null;
  const [inv] = await db
    .select()
    .from(organizationInvitations)
    .where(and(eq(organizationInvitations.id, id), invitationOpen()));
  return inv ?? null;
}

/**
 * POST /my/organization-invitation {token}: the signed-in person takes the invitation. Only for a
 * verified account of the invited address; the token is used in the same transaction, so a
 * refusal leaves it usable by the right account, and two clicks cannot both join.
 */
export async function acceptInvitation(ctx: Ctx, input: { token: string }) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [me] = await tx
      .select({ email: users.email, verified: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, ctx.caller.userId));
    const t = await consumeEmailToken(tx, 'org-invite', input.token, now);
    if (!t.ok) throw t.reason === 'unknown' ? NotFound('Invitation') : Gone(refusalMessage(t.reason, 'invitation'));
    const inv = await openInvitation(tx, t.token.ref);
    if (!inv) throw Gone('This invitation was withdrawn. Ask the organization for a new one.');
    if (inv.expiresAt <= now) throw Gone(refusalMessage('expired', 'invitation'));
    if (!me || normalizeEmail(me.email) !== normalizeEmail(inv.email)) {
      throw Forbidden(`This invitation is for ${inv.email}. Sign in with the account of that address to accept it.`);
    }
    if (!me.verified)
      throw Forbidden(`Confirm your e-mail address first (we sent you a link), then open the invitation again.`);
    const [joined] = await tx
      .insert(organizationUsers)
      .values({ organizationId: inv.organizationId, userId: ctx.caller.userId, role: inv.role, created: now })
      .onConflictDoNothing()
      .returning({ id: organizationUsers.id, role: organizationUsers.role });
    const ou =
      joined ??
      (
        await tx
          .select({ id: organizationUsers.id, role: organizationUsers.role })
          .from(organizationUsers)
          .where(
            and(
              eq(organizationUsers.organizationId, inv.organizationId),
              eq(organizationUsers.userId, ctx.caller.userId),
            ),
          )
      )[0];
    if (joined && inv.groupIds.length) {
      const still = await tx
        .select({ id: userGroups.id })
        .from(userGroups)
        .where(and(eq(userGroups.organizationId, inv.organizationId), inArray(userGroups.id, inv.groupIds)));
      if (still.length)
        await tx
          .insert(userGroupMembers)
          .values(still.map((g) => ({ groupId: g.id, organizationUserId: ou.id, addedBy: inv.invitedBy })))
          .onConflictDoNothing();
    }
    await tx
      .update(organizationInvitations)
      .set({ acceptedAt: now, acceptedBy: ctx.caller.userId })
      .where(eq(organizationInvitations.id, inv.id));
    return {
      organizationId: inv.organizationId,
      organizationName: await orgName(tx, inv.organizationId),
      organizationUserId: ou.id,
      role: toWireRole(ou.role),
      roleName: roleName(ou.role),
    };
  });
}

/** The invitation page's data: what the token is, without using it. */
export async function loadInvitationPage(token: string | undefined) {
  if (!token) return { ok: false as const, message: refusalMessage('unknown', 'invitation') };
  return previewInvitation({ db: await getDb(), now: () => new Date() }, token);
}
