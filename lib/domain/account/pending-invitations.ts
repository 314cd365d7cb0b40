import { sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import type { Ctx } from '../context';

export interface PendingInvitation {
  kind: 'organization' | 'device';
  /** "Demo Property Management", "Front door" */
  name: string;
  /** organization: "member" / "administrator"; device: "guest" / "administrator" */
  as: string;
  invitedBy: string | null;
  /** ISO with Z */
  expiresAt: string;
}

const ORG_ROLE: Record<number, string> = { 0: 'member', 1: 'administrator', 2: 'owner' };
const LEVEL: Record<number, string> = { 0: 'guest', 1: 'administrator', 2: 'owner' };

/**
 * Invitations waiting for the signed-in person (issue 33: Home shows them first): to an
 * organization, or to a door, sent to their address and still open. Only for a confirmed address
 * (an unconfirmed account has proven nothing); the tokens stay in the mails, nothing here accepts.
 */
export async function pendingInvitations(ctx: Ctx): Promise<PendingInvitation[]> {
  const now = ctx.now().toISOString();
  const rows = rowsOf<{ kind: string; name: string; level: number; invited_by: string | null; expires_at: string }>(
    await ctx.db.execute(sql`
      with me as (select lower(email) as email from users where id = ${ctx.caller.userId}::uuid and email_verified_at is not null)
      select 'organization' as kind, o.name, i.role as level, coalesce(u.display_name, u.email) as invited_by,
             to_char(i.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at
        from organization_invitations i join me on lower(i.email) = me.email
        join organizations o on o.id = i.organization_id
        left join users u on u.id = i.invited_by
       where i.accepted_at is null and i.withdrawn_at is null and i.expires_at > ${now}::timestamptz
         and not exists (select 1 from organization_users ou where ou.organization_id = i.organization_id and ou.user_id = ${ctx.caller.userId}::uuid)
      union all
      select 'device', d.name, a.access_level, coalesce(u.display_name, u.email),
             to_char(a.pending_expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        from device_access a join me on lower(a.pending_email) = me.email
        join devices d on d.id = a.device_id
        left join users u on u.id = a.created_by
       where a.pending_email is not null and a.pending_expires_at > ${now}::timestamptz
      order by 5`),
  );
  return rows.map((r) => ({
    kind: r.kind === 'device' ? 'device' : 'organization',
    name: r.name,
    as: (r.kind === 'device' ? LEVEL : ORG_ROLE)[Number(r.level)] ?? 'member',
    invitedBy: r.invited_by,
    expiresAt: r.expires_at,
  }));
}
