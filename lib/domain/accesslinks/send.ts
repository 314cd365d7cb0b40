import { and, eq } from 'drizzle-orm';
import { accessLinks, organizations } from '@/db/schema';
import { enqueueMail, renderMail } from '@/lib/mail';
import type { Ctx } from '../context';
import { audit } from '../audit';
import { Conflict, NotFound } from '../errors';
import { requireOrg } from '../policy/enforce';
import { showInZone } from '@/lib/shared/access/schedule-text';
import { scheduleWords } from '@/lib/shared/policy/words';
import { spend, type Limit } from '../ratelimit';
import { windowState } from './guest';
import { devicesOfLinks, urlOf } from './shape';
import { requireUrlReader } from './manage';

/**
 * Mails a sender may send a link from the service, per hour: enough for a day's visitors, too few
 * to make the service a spam relay (each mail carries the organization's name and the sender's).
 */
export const LINK_MAIL_LIMIT: Limit = { max: 20, windowSeconds: 3600 };

export interface SendLinkInput {
  organizationId: number;
  accessLinkId: string;
  email: string;
  /** a few words from the sender, shown in the mail as theirs */
  message?: string;
}

/**
 * POST .../accesslink/{id}/send: mails the link's URL to a guest (lib/shared/policy: sendLinks,
 * administrators; others 404 like every link route). The URL is rebuilt from the encrypted token
 * and goes only into the mail's encrypted body (lib/mail, cleared once sent); the audit entry
 * names the address, never the URL. A link that has ended, or whose URL can no longer be read, is
 * not sent (409): the guest would get a link that opens nothing.
 */
export async function sendLink(ctx: Ctx, input: SendLinkInput): Promise<{ email: string }> {
  const me = await requireOrg(ctx, input.organizationId, 'sendLinks', { hideBelow: true });
  const [row] = await ctx.db
    .select({ link: accessLinks, orgName: organizations.name, zone: organizations.timeZone })
    .from(accessLinks)
    .innerJoin(organizations, eq(organizations.id, accessLinks.organizationId))
    .where(and(eq(accessLinks.id, input.accessLinkId), eq(accessLinks.organizationId, input.organizationId)))
    .limit(1);
  if (!row) throw NotFound('Access link');
  const now = ctx.now();
  if (windowState(row.link, now) === 'expired')
    throw Conflict('This link has expired: change its dates before sending it, or create a new one.');
  // the mail carries the URL: sent only by someone who could read it (make the link now)
  await requireUrlReader(ctx, me.role, row.link, (await devicesOfLinks(ctx.db, [row.link.id])).get(row.link.id)!);
  const url = urlOf(row.link);
  if (!url)
    throw Conflict(
      "This link's URL can no longer be read (the server's secret changed since it was made): create a new link and send that one.",
    );
  await spend(
    ctx.db,
    `link-mail:${ctx.caller.userId}`,
    LINK_MAIL_LIMIT,
    now,
    `You have sent ${LINK_MAIL_LIMIT.max} access links by e-mail in the last hour. Wait a while, or copy the link and send it yourself.`,
  );
  const doors = ((await devicesOfLinks(ctx.db, [row.link.id])).get(row.link.id) ?? []).map((d) => d.name);
  const sender = ctx.caller.displayName || 'An administrator';
  const when =
    row.link.startDate && row.link.endDate
      ? `It works from ${showInZone(row.link.startDate, row.zone)} to ${showInZone(row.link.endDate, row.zone)} (${row.zone}).`
      : 'It works until the organization withdraws it.';
  const weekly =
    row.link.weekDays !== null || row.link.dayStartTime !== null
      ? scheduleWords({ ...row.link, startDate: null, endDate: null, timeZone: row.zone })
      : null;
  const body = renderMail({
    greeting: 'Hello,',
    paragraphs: [
      `${sender} of ${row.orgName} sent you an access link. With it you can open ${doors.length ? doors.join(', ') : 'the doors it names'} from your phone, without an app or an account.`,
      weekly ? `${when} Hours: ${weekly}.` : when,
      ...(input.message ? [`${sender} writes: "${input.message}"`] : []),
    ],
    action: { label: 'Open the access link', url },
    after: ['Anyone with this link can open these doors while it is valid: keep it to yourself.'],
    footer: `You got this mail because ${sender} of ${row.orgName} entered your address. If you did not expect it, ignore it.`,
  });
  await ctx.db.transaction(async (tx) => {
    await enqueueMail(
      tx,
      { to: input.email, subject: 'Your access link', ...body, kind: 'access-link', organizationName: row.orgName },
      now,
    );
    await audit(tx, ctx, {
      action: 'link.send',
      organizationId: input.organizationId,
      target: { type: 'accessLink', id: row.link.id, name: row.link.name },
      after: { to: input.email },
    });
  });
  return { email: input.email };
}
