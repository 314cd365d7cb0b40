import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { anyInt, anyText } from '@/db/arrays';
import { rowsOf, type Db } from '@/db/client';
import { renderMail, type MailAttachment } from '@/lib/mail';
import { ActivityEvent as E } from '@/lib/shared/devices/codes';
import { AUDIT_ACTIONS, type AuditAction } from '@/lib/shared/audit/actions';
import { csvCell } from '../activity/export';
import type { Period } from './period';

/**
 * A site's report for one period (issue 35): openings per door and per person, refusals per door
 * (wrong or untimely PINs, a locked-out keypad, access links refused), doors that needed attention
 * (jams, commands not confirmed, doors left open, bridges offline, low batteries), and the people
 * added and removed (accesses given and ended on its doors, invitations, people taken out of the
 * organization). Read in set-based statements over the site's doors; the same data makes the
 * mail's words and its CSV.
 */

const OPENINGS = [
  E.unlockedRemotely,
  E.unlockedButton,
  E.unlockedKnob,
  E.pulledRemotely,
  E.unlockedPin,
  E.unlockedLink,
  E.pulledLink,
  E.gateOpenedRemotely,
  E.gateOpenedLink,
];
const REFUSALS = [E.wrongPin, E.pinOutsideTime, E.keypadLockedOut];
const ATTENTION = [
  E.jammed,
  E.remoteCommandTimedOut,
  E.remoteCommandFailed,
  E.doorOpenTooLong,
  E.bridgeDisconnected,
  E.batteryLow,
];
const PEOPLE_ACTIONS: AuditAction[] = ['access.grant', 'access.revoke', 'member.invite', 'member.remove'];

export interface Count {
  name: string;
  count: number;
}

export interface SiteReport {
  site: string;
  period: { key: string; label: string; start: string; end: string };
  openingsPerDoor: Count[];
  openingsPerPerson: Count[];
  refusalsPerDoor: Count[];
  attentionPerDoor: Count[];
  people: Array<{ at: string; what: string; who: string; by: string }>;
}

export async function buildReport(
  db: Db,
  s: { organizationId: number; siteId: number; siteName: string },
  p: Period,
): Promise<SiteReport> {
  const from = p.start.toISOString();
  const to = p.end.toISOString();
  // device_activity.date is UTC without a zone
  const fromNaive = from.slice(0, 23);
  const toNaive = to.slice(0, 23);
  const doors = sql`(select id from devices where organization_id = ${s.organizationId} and site_id = ${s.siteId})`;
  const counted = async (events: readonly number[], by: 'door' | 'person') =>
    rowsOf<Count>(
      await db.execute(sql`
        select ${by === 'door' ? sql`d.name` : sql`coalesce(nullif(a.username, ''), 'At the door (no one known)')`} as name, count(*)::int as count
        from device_activity a join devices d on d.id = a.device_id
        where a.device_id in ${doors} and ${anyInt(sql.raw('a.event'), events)}
          and a.date >= ${fromNaive}::timestamp and a.date < ${toNaive}::timestamp
        group by 1 order by 2 desc, 1`),
    );
  const linkRefusals = rowsOf<Count>(
    await db.execute(sql`
      select coalesce(d.name, u.device_name, 'A door') as name, count(*)::int as count
      from access_link_uses u left join devices d on d.id = u.device_id
      where u.device_id in ${doors} and u.outcome <> 'opened'
        and u.at >= ${from}::timestamptz and u.at < ${to}::timestamptz
      group by 1`),
  );
  const refusals = merge([...(await counted(REFUSALS, 'door')), ...linkRefusals]);
  const people = rowsOf<{ at: string | Date; action: AuditAction; target_name: string; actor_name: string }>(
    await db.execute(sql`
      select at, action, target_name, actor_name from audit_log
      where organization_id = ${s.organizationId} and ${anyText(sql.raw('action'), PEOPLE_ACTIONS)}
        and (device_id is null or device_id in ${doors})
        and at >= ${from}::timestamptz and at < ${to}::timestamptz
      order by at, id`),
  );
  return {
    site: s.siteName,
    period: { key: p.key, label: p.label, start: from, end: to },
    openingsPerDoor: await counted(OPENINGS, 'door'),
    openingsPerPerson: await counted(OPENINGS, 'person'),
    refusalsPerDoor: refusals,
    attentionPerDoor: await counted(ATTENTION, 'door'),
    people: people.map((r) => ({
      at: new Date(r.at).toISOString(),
      what: AUDIT_ACTIONS[r.action] ?? r.action,
      who: r.target_name,
      by: r.actor_name,
    })),
  };
}

/** Counts of one name summed (a door refused both at its keypad and through a link). */
function merge(xs: Count[]): Count[] {
  const m = new Map<string, number>();
  for (const x of xs) m.set(x.name, (m.get(x.name) ?? 0) + x.count);
  return [...m]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/** The report as CSV: section, name, count, and for people's changes when and by whom. */
export function reportCsv(r: SiteReport): string {
  const rows: Array<Array<string | number>> = [['section', 'name', 'count', 'at', 'by']];
  const add = (section: string, xs: Count[]) => {
    for (const x of xs) rows.push([section, x.name, x.count, '', '']);
  };
  add('openings per door', r.openingsPerDoor);
  add('openings per person', r.openingsPerPerson);
  add('refusals per door', r.refusalsPerDoor);
  add('needed attention', r.attentionPerDoor);
  for (const p of r.people) rows.push(['people added and removed', `${p.what}: ${p.who}`, 1, p.at, p.by]);
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

const lines = (xs: Count[], unit: string, none: string) =>
  xs.length ? xs.map((x) => `${x.name}: ${x.count} ${x.count === 1 ? unit : `${unit}s`}`) : [none];

/** The mail: a readable summary, the CSV attached. */
export function reportMail(
  r: SiteReport,
  zone: string,
  o: { organizationName: string; frequency: 'weekly' | 'monthly'; manageUrl: string },
): { subject: string; text: string; html: string; attachments: MailAttachment[] } {
  const at = (iso: string) => DateTime.fromISO(iso, { zone }).toFormat('d LLL HH:mm');
  const total = r.openingsPerDoor.reduce((n, x) => n + x.count, 0);
  const body = renderMail({
    greeting: 'Hello,',
    paragraphs: [
      `The ${o.frequency} report of ${r.site} for ${r.period.label} (${zone}): ${total} ${total === 1 ? 'opening' : 'openings'}, ${r.refusalsPerDoor.reduce((n, x) => n + x.count, 0)} refused, ${r.people.length} ${r.people.length === 1 ? 'change' : 'changes'} of who has access. The attached CSV has every line.`,
    ],
    sections: [
      { title: 'Openings per door', lines: lines(r.openingsPerDoor, 'opening', 'No door was opened.') },
      { title: 'Openings per person', lines: lines(r.openingsPerPerson, 'opening', 'Nobody opened a door.') },
      { title: 'Refused', lines: lines(r.refusalsPerDoor, 'refusal', 'Nothing was refused.') },
      { title: 'Doors that needed attention', lines: lines(r.attentionPerDoor, 'time', 'None.') },
      {
        title: 'People added and removed',
        lines: r.people.length ? r.people.map((p) => `${at(p.at)} ${p.what}: ${p.who} (by ${p.by})`) : ['No change.'],
      },
    ],
    action: { label: 'Manage your reports', url: o.manageUrl },
    footer: `You got this mail because you subscribed to the ${o.frequency} report of ${r.site} in ${o.organizationName}.`,
  });
  return {
    subject: `${o.frequency === 'weekly' ? 'Weekly' : 'Monthly'} report: ${r.site}, ${r.period.label}`,
    ...body,
    attachments: [
      {
        filename: `report-${r.site.replace(/[^\w-]+/g, '-').toLowerCase()}-${r.period.key}.csv`,
        contentType: 'text/csv',
        content: reportCsv(r),
      },
    ],
  };
}
