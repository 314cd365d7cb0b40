import { DateTime } from 'luxon';
import { SETTING_GROUPS, showValue } from '@/lib/shared/devices/setting-fields';
import { describeDates, describeDays, describeWindow, showInZone } from '../access/schedule-text';
import { AUDIT_ACTIONS, type AuditAction } from './actions';

/**
 * The audit log in words (issue 33): each stored entry, which stays structured (action, target,
 * before and after), read as one sentence naming the door, the person and the change, with the
 * changed fields as lines ("Auto lock after: 30 s → 60 s"), times in the door's own zone.
 * Pure (luxon and the portal's schedule text only): the audit page and the CSV export both use it,
 * so the log reads the same everywhere.
 */

export interface AuditItem {
  id: number;
  /** ISO with Z */
  date: string;
  action: AuditAction;
  /** the action in words */
  actionName: string;
  actor: { userId: number; name: string; via: 'portal' | 'key' | 'app' };
  clientAddress: string | null;
  deviceId: number | null;
  /** the entry's device as it is now (null: none, or removed since) */
  device: { name: string; timeZone: string } | null;
  /** the zone the entry's times read in: its device's, else the organization's */
  timeZone: string;
  /** names of the devices and groups the entry mentions by id (a link's doors, an invitation's groups), as they are now */
  names: { devices: Record<string, string>; groups: Record<string, string> };
  target: { type: string; id: string; name: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AuditWords {
  /** "Shared Front door with nina@example.com as guest, Mon–Fri 08:00–17:00 Europe/Warsaw, remote opening allowed" */
  text: string;
  /** one line per changed field: "Auto lock after: 30 s → 60 s" */
  changes: string[];
}

type Facts = Record<string, unknown>;

const LEVELS: Record<number, string> = { 0: 'guest', 1: 'administrator', 2: 'owner' };
/** organization roles as the API carries them (Tedee's numbers: 0 owner, 1 administrator, 2 member) */
const WIRE_ROLES: Record<number, string> = { 0: 'owner', 1: 'administrator', 2: 'member' };

export const levelWords = (v: unknown) => (typeof v === 'number' ? (LEVELS[v] ?? `level ${v}`) : '—');
const roleWords = (v: unknown) =>
  typeof v === 'number' ? (WIRE_ROLES[v] ?? `role ${v}`) : typeof v === 'string' ? v : 'unknown role';
export const remoteWords = (disabled: unknown) => (disabled ? 'opening only at the door' : 'remote opening allowed');
const quote = (s: string) => `“${s}”`;
const list = (xs: string[]) =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const str = (v: unknown) => (typeof v === 'string' ? v : null);
const num = (v: unknown) => (typeof v === 'number' ? v : null);

/**
 * When a schedule lets in, in the portal's schedule words: "Mon–Fri 08:00–17:00 Europe/Warsaw,
 * 1 Dec 2026, 09:00 – 24 Dec 2026, 18:00"; "any time" without limits.
 */
export function scheduleText(f: Facts, zone: string): string {
  const mask = num(f.weekDays);
  const days = mask === null || mask === 127 ? null : describeDays(mask);
  const window = describeWindow(str(f.dayStartTime), str(f.dayEndTime), zone);
  const dates = describeDates(str(f.startDate), str(f.endDate), zone);
  const when = [days, window].filter(Boolean).join(' ');
  const out = [when || (dates ? null : 'any time'), dates ? lowerFirst(dates) : null].filter(Boolean);
  return out.join(', ') || 'any time';
}

const lowerFirst = (s: string) => (/^(From|Until) /.test(s) ? s[0].toLowerCase() + s.slice(1) : s);

const SETTING_LABELS = new Map(SETTING_GROUPS.flatMap((g) => g.fields.map((f) => [f.key as string, f] as const)));

const FIELD_LABELS: Record<string, string> = {
  accessLevel: 'Level',
  remoteAccessDisabled: 'Remote opening',
  weekDays: 'Days',
  startDate: 'Starts',
  endDate: 'Ends',
  dayStartTime: 'Daily from',
  dayEndTime: 'Daily until',
  alias: 'Name',
  name: 'Name',
  description: 'Description',
  timeZone: 'Time zone',
  deviceIds: 'Doors',
  value: 'Code',
  role: 'Role',
  url: 'Address',
  address: 'Postal address',
  events: 'Events',
  enabled: 'Enabled',
  requireSecondFactor: 'Second factor required of administrators',
  groupIds: 'Groups',
  email: 'E-mail',
  scopes: 'Scopes',
  validTo: 'Valid until',
  redirectUris: 'Redirect addresses',
  isPublic: 'Public app',
};

/** One value of a field in words, for "Field: before → after". */
function valueWords(key: string, v: unknown, item: AuditItem, zone: string): string {
  if (v === null || v === undefined || v === '') {
    if (key === 'weekDays') return 'every day';
    if (key === 'startDate') return 'at once';
    if (key === 'endDate') return 'never';
    if (key === 'dayStartTime') return '00:00';
    if (key === 'dayEndTime') return '24:00';
    if (key === 'description') return 'none';
    return '—';
  }
  const setting = SETTING_LABELS.get(key);
  if (setting) return showValue(v, setting.unit);
  switch (key) {
    case 'accessLevel':
      return levelWords(v);
    case 'remoteAccessDisabled':
      return v ? 'only at the door' : 'allowed';
    case 'weekDays':
      return typeof v === 'number' ? describeDays(v) : String(v);
    case 'startDate':
    case 'endDate':
    case 'validTo':
      return typeof v === 'string' ? showInZone(v, zone) : String(v);
    case 'dayStartTime':
    case 'dayEndTime':
      return typeof v === 'string' ? DateTime.fromISO(v, { zone: 'utc' }).setZone(zone).toFormat('HH:mm') : String(v);
    case 'deviceIds':
      return Array.isArray(v) ? (v.length ? list(v.map((id) => deviceName(item, id))) : 'none') : String(v);
    case 'groupIds':
      return Array.isArray(v) ? (v.length ? list(v.map((id) => groupName(item, id))) : 'none') : String(v);
    case 'role':
      return roleWords(v);
  }
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (Array.isArray(v)) return v.length ? v.map(String).join(', ') : 'none';
  if (typeof v === 'object')
    return Object.values(v as object)
      .map(String)
      .join(', ');
  return String(v);
}

const fieldLabel = (key: string) =>
  SETTING_LABELS.get(key)?.label ?? FIELD_LABELS[key] ?? key.replace(/([A-Z])/g, ' $1').toLowerCase();

/** The changed fields, one line each; a daily window whose both ends changed reads as one "Hours" line. */
function changeLines(item: AuditItem, zone: string): string[] {
  const b = item.before ?? {};
  const a = item.after ?? {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const lines: string[] = [];
  const bothWindow = ['dayStartTime', 'dayEndTime'].every((k) => k in b && k in a);
  for (const k of keys) {
    if (bothWindow && k === 'dayEndTime') continue;
    if (bothWindow && k === 'dayStartTime') {
      const w = (f: Facts) => describeWindow(str(f.dayStartTime), str(f.dayEndTime), zone) ?? 'any time';
      lines.push(`Hours: ${w(b)} → ${w(a)}`);
      continue;
    }
    const label = fieldLabel(k);
    if (k in b && k in a)
      lines.push(`${label}: ${valueWords(k, b[k], item, zone)} → ${valueWords(k, a[k], item, zone)}`);
    else if (k in a) lines.push(`${label}: ${valueWords(k, a[k], item, zone)}`);
    else lines.push(`${label} was: ${valueWords(k, b[k], item, zone)}`);
  }
  return lines;
}

const deviceName = (item: AuditItem, id: unknown) => item.names.devices[String(id)] ?? `a removed device (${id})`;
const groupName = (item: AuditItem, id: unknown) => {
  const n = item.names.groups[String(id)];
  return n ? `group ${quote(n)}` : 'a removed group';
};

/** The door of an entry by name: the device as it is now, else the name the entry kept. */
function door(item: AuditItem): string {
  if (item.device) return item.device.name;
  if (['lock', 'gate', 'bridge', 'doorSensor'].includes(item.target.type) && item.target.name) return item.target.name;
  return item.deviceId !== null ? `a removed device (${item.deviceId})` : 'a device';
}

/** The person or group an access belongs to: "nina@example.com", "group “Cleaners”". */
function holder(item: AuditItem): string {
  const n = item.target.name;
  if (!n) return 'someone';
  return n.startsWith('group ') ? `group ${quote(n.slice(6))}` : n;
}

const SECONDS_DEVICE: Record<string, string> = {
  lock: 'lock',
  gate: 'gate',
  bridge: 'bridge',
  doorSensor: 'door sensor',
};

/** The sentence and the changed fields of an entry, in the zone of its door (else the organization's). */
export function auditWords(item: AuditItem): AuditWords {
  const zone = item.timeZone;
  const b = item.before ?? {};
  const a = item.after ?? {};
  const t = item.target.name;
  const changes = () => changeLines(item, zone);
  switch (item.action) {
    case 'access.grant': {
      const invited = a.invited ? ' (invitation sent)' : '';
      return {
        text: `Shared ${door(item)} with ${holder(item)} as ${levelWords(a.accessLevel)}, ${scheduleText(a, zone)}, ${remoteWords(a.remoteAccessDisabled)}${invited}`,
        changes: [],
      };
    }
    case 'access.update':
      return { text: `Changed the access of ${holder(item)} to ${door(item)}`, changes: changes() };
    case 'access.revoke':
      return {
        text: `Removed the access of ${holder(item)} to ${door(item)} (was ${levelWords(b.accessLevel)}, ${scheduleText(b, zone)})`,
        changes: [],
      };
    case 'access.copy':
      return { text: `Copied the access of ${holder(item)} on ${door(item)} to other devices`, changes: changes() };
    case 'pin.create':
      return { text: `Added PIN ${quote(t)} on ${door(item)}, ${scheduleText(a, zone)}`, changes: [] };
    case 'pin.update':
      return { text: `Changed PIN ${quote(t)} on ${door(item)}`, changes: changes() };
    case 'pin.delete':
      return { text: `Deleted PIN ${quote(t)} on ${door(item)} (was ${scheduleText(b, zone)})`, changes: [] };
    case 'link.create': {
      const doors = Array.isArray(a.deviceIds) ? a.deviceIds.map((id) => deviceName(item, id)) : [];
      return {
        text: `Created access link ${quote(t)} for ${doors.length ? list(doors) : 'no door yet'}, ${scheduleText(a, zone)}`,
        changes: [],
      };
    }
    case 'link.update':
      return { text: `Changed access link ${quote(t)}`, changes: changes() };
    case 'link.delete': {
      const doors = Array.isArray(b.deviceIds) ? b.deviceIds.map((id) => deviceName(item, id)) : [];
      return { text: `Deleted access link ${quote(t)}${doors.length ? ` (for ${list(doors)})` : ''}`, changes: [] };
    }
    case 'link.send':
      return { text: `Sent access link ${quote(t)} to ${str(a.to) ?? 'someone'}`, changes: [] };
    case 'device.settings':
      return { text: `Changed the settings of ${door(item)}`, changes: changes() };
    case 'device.timetable':
      return {
        text: item.after ? `Changed the timetable of ${door(item)}` : `Removed the timetable of ${door(item)}`,
        changes: [],
      };
    case 'device.delete':
      return { text: `Removed ${SECONDS_DEVICE[item.target.type] ?? 'device'} ${quote(t)}`, changes: [] };
    case 'device.add': {
      const locks = Array.isArray(a.locks) ? a.locks.map(String) : [];
      return {
        text: `Added bridge ${quote(t)}${locks.length ? ` with ${plural(locks.length, 'lock')}: ${list(locks)}` : ''}`,
        changes: [],
      };
    }
    case 'group.create':
      return { text: `Created group ${quote(t)}`, changes: [] };
    case 'group.rename':
      return { text: `Renamed group ${quote(str(b.name) ?? '')} to ${quote(str(a.name) ?? t)}`, changes: [] };
    case 'group.delete': {
      const n = num(b.members);
      return {
        text: `Deleted group ${quote(t)}${n !== null ? ` (${plural(n, 'member')}; what it gave them ended)` : ''}`,
        changes: [],
      };
    }
    case 'group.members': {
      const added = Array.isArray(a.added) ? a.added.map(String) : null;
      const removed = Array.isArray(a.removed) ? a.removed.map(String) : [];
      return added
        ? { text: `Added ${list(added)} to group ${quote(t)}`, changes: [] }
        : { text: `Removed ${list(removed)} from group ${quote(t)}`, changes: [] };
    }
    case 'site.create':
      return { text: `Created site ${quote(t)}${str(a.timeZone) ? ` (${str(a.timeZone)})` : ''}`, changes: [] };
    case 'site.update':
      return {
        text:
          str(b.name) && str(a.name) && b.name !== a.name
            ? `Renamed site ${quote(str(b.name)!)} to ${quote(str(a.name)!)}`
            : `Changed site ${quote(t)}`,
        changes: changes(),
      };
    case 'site.delete':
      return { text: `Deleted site ${quote(t)}`, changes: [] };
    case 'site.devices': {
      const moved = Array.isArray(a.deviceIds) ? a.deviceIds.map((id) => deviceName(item, id)) : [];
      return { text: `Moved ${moved.length ? list(moved) : 'devices'} to site ${quote(t)}`, changes: [] };
    }
    case 'lockdown.start':
      return { text: `Locked ${t} down${str(a.reason) ? `: ${str(a.reason)}` : ''}`, changes: [] };
    case 'lockdown.lift':
      return { text: `Lifted the lockdown of ${t}`, changes: [] };
    case 'member.invite': {
      const groups =
        Array.isArray(a.groupIds) && a.groupIds.length ? `, in ${list(a.groupIds.map((g) => groupName(item, g)))}` : '';
      return { text: `Invited ${t} to the organization as ${roleWords(a.role)}${groups}`, changes: [] };
    }
    case 'member.withdraw':
      return { text: `Withdrew the invitation of ${t} (as ${roleWords(b.role)})`, changes: [] };
    case 'member.role':
      return { text: `Changed the role of ${t} from ${roleWords(b.role)} to ${roleWords(a.role)}`, changes: [] };
    case 'member.sites': {
      const sitesOf = (v: unknown) => (Array.isArray(v) ? v.map((n) => quote(String(n))) : null);
      const after = sitesOf(a.sites);
      const before = sitesOf(b.sites);
      const was = before === null ? 'every site' : before.length ? list(before) : 'no site';
      return {
        text:
          after === null
            ? `Let ${t} administer every site (was ${was})`
            : `Limited what ${t} administers to ${after.length ? `${after.length === 1 ? 'site' : 'sites'} ${list(after)}` : 'no site'} (was ${was})`,
        changes: [],
      };
    }
    case 'member.remove': {
      const parts = [
        `was ${roleWords(b.role)}`,
        num(b.devices) !== null ? `lost access to ${plural(num(b.devices)!, 'device')}` : null,
        num(b.groups) ? `left ${plural(num(b.groups)!, 'group')}` : null,
      ].filter(Boolean);
      return { text: `Removed ${t || 'a person'} from the organization (${parts.join('; ')})`, changes: [] };
    }
    case 'webhook.create': {
      const ev = Array.isArray(a.events) ? a.events.map(String) : [];
      return {
        text: `Added a webhook to ${t}${ev.length ? ` for ${list(ev)}` : ''}${a.enabled === false ? ' (switched off)' : ''}`,
        changes: [],
      };
    }
    case 'webhook.update':
      return { text: `Changed the webhook to ${t}`, changes: changes() };
    case 'webhook.delete':
      return { text: `Deleted the webhook to ${t}`, changes: [] };
    case 'org.security':
      return {
        text: a.requireSecondFactor
          ? 'Required a second factor of administrators and the owner'
          : 'Stopped requiring a second factor of administrators',
        changes: [],
      };
    case 'grant.end':
    case 'grant.keep': {
      const grants = Array.isArray(a.grants) ? a.grants.map((g) => grantWords(item, String(g))) : [];
      const inv = num(a.invitationsEnded) ?? 0;
      const what = [grants.length ? list(grants) : null, inv ? `${plural(inv, 'invitation')} they sent` : null]
        .filter(Boolean)
        .join('; ');
      return item.action === 'grant.end'
        ? {
            text: `Ended what ${t || 'someone'} had handed out beyond what they still hold: ${what || 'nothing'}`,
            changes: [],
          }
        : {
            text: `Kept what ${t || 'someone'} had handed out beyond what they still hold, now answered for by ${item.actor.name}: ${what || 'nothing'}`,
            changes: [],
          };
    }
    default: {
      const name = AUDIT_ACTIONS[item.action] ?? item.actionName ?? item.action;
      return { text: t ? `${name}: ${t}` : name, changes: changes() };
    }
  }
}

/** "PIN Cleaner on device 5" as stored by grant.end / grant.keep, with the device's name. */
function grantWords(item: AuditItem, g: string): string {
  return g
    .replace(/ on device (\d+)$/, (_, id) => ` on ${deviceName(item, id)}`)
    .replace(/^access [0-9a-f]{8}/, 'an access');
}

/** The entry in one line: "Adam Admin: Shared Front door with …; Auto lock after: 30 s → 60 s". */
export function auditLine(item: AuditItem): string {
  const w = auditWords(item);
  return [w.text, ...w.changes].join('; ');
}

/** How the change was made, in words. */
export const viaWords = (via: AuditItem['actor']['via']) =>
  via === 'key' ? 'Access key' : via === 'app' ? 'Connected app' : 'Portal';
