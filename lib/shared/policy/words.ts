import { DateTime } from 'luxon';
import { describeDays } from '../access/schedule-text';
import type { Schedule } from '../schedule';
import {
  decide,
  type AccessChangeRefusal,
  type AccessFacts,
  type DelegationRefusal,
  type DeviceAction,
  type KeypadRefusal,
  type Refusal,
} from './index';

/**
 * The policy's refusals in a person's words: which rule, and what it means at the door right now
 * ("Your access to Office is Mon–Fri 08:00–17:00 Warsaw time; it is Sunday 22:10 there.").
 */

/** "Europe/Warsaw" -> "Warsaw", "America/New_York" -> "New York"; "UTC" stays. */
export function zoneCity(zone: string): string {
  return (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
}

const wall = (d: Date, zone: string) => DateTime.fromJSDate(d, { zone }).toFormat('HH:mm');

/** "Mon–Fri 08:00–17:00 Warsaw time", "every day 22:00 to 06:00 next day Warsaw time". */
export function scheduleWords(a: Schedule & { timeZone: string }): string {
  const days = a.weekDays === null || a.weekDays === 127 ? 'every day' : describeDays(a.weekDays);
  if (!a.dayStartTime && !a.dayEndTime) return `${days} (${zoneCity(a.timeZone)} time)`;
  const s = a.dayStartTime ? wall(a.dayStartTime, a.timeZone) : '00:00';
  const e = a.dayEndTime ? wall(a.dayEndTime, a.timeZone) : '24:00';
  const window = e < s ? `${s} to ${e} next day` : `${s}–${e}`;
  return `${days} ${window} ${zoneCity(a.timeZone)} time`;
}

/** "Sunday 22:10": the moment at the door. */
export const nowAtDoor = (now: Date, zone: string) => DateTime.fromJSDate(now, { zone }).toFormat('cccc HH:mm');

/** What an action is, for "so you cannot ..." */
export const ACTION_WORDS: Record<DeviceAction, string> = {
  see: 'see it',
  open: 'open it from here',
  managePins: 'manage its PINs',
  readPinValue: 'see its PIN codes',
  share: 'change who has access to it',
  manageDevice: 'change its settings',
  linkDevice: 'put it on an access link',
  holdCertificate: 'get an offline key for it',
  receiveEvents: 'receive its events',
  seeAllActivity: "see everyone's activity on it",
  driveSimulator: 'use the simulator on it',
};

export interface Said {
  /** the device's name as people know it */
  device: string;
  /** overrides ACTION_WORDS[action] ("unlock it") */
  doing?: string;
  /**
   * the sentence stands beside the viewer's hours (a door's page, a member's Home), so a schedule
   * refusal says only the moment at the door instead of repeating the hours
   */
  besideHours?: boolean;
}

/** The sentence for a refused device action (never called for 'unseen', which is a plain 404). */
export function refusalWords(
  reason: Exclude<Refusal, 'unseen'>,
  action: DeviceAction,
  a: AccessFacts,
  now: Date,
  said: Said,
): string {
  const doing = said.doing ?? ACTION_WORDS[action];
  switch (reason) {
    case 'level':
      return `Only an owner or administrator of ${said.device} can ${doing}.`;
    case 'remote':
      return `Remote opening is disabled for you on ${said.device}: you can open it only at the door.`;
    case 'site':
      return `Your ${SITE_LIMIT_WORDS(said.device).slice('your '.length)}, so you cannot ${doing}.`;
    case 'schedule':
      if (said.besideHours)
        return `Outside your hours: it is ${nowAtDoor(now, a.timeZone)} at ${said.device}, so you cannot ${doing} now.`;
      return `Your access to ${said.device} is ${scheduleWords(a)}; it is ${nowAtDoor(now, a.timeZone)} there, so you cannot ${doing} now.`;
  }
}

/** A site-limited administrator on a device of another site (issue 35). */
export const SITE_LIMIT_WORDS = (device: string) =>
  `your administration in this organization is limited to some of its sites, and ${device} is in another one`;

/** Why `action` is refused to this access now, in words; null when it is allowed (or the device is unseen). */
export function refusalFor(action: DeviceAction, a: AccessFacts | undefined, now: Date, said: Said): string | null {
  const d = decide(action, a, now);
  return d.ok || d.reason === 'unseen' ? null : refusalWords(d.reason, action, a!, now, said);
}

export const ACCESS_CHANGE_WORDS: Record<Exclude<AccessChangeRefusal, Refusal>, string> = {
  aboveOwnLevel: 'You cannot grant an access level above your own.',
  ownerLevel:
    'The owner level (2) cannot be granted: a device has exactly one owner. Grant 0 (guest) or 1 (administrator).',
  ownerAccess: "The owner's access cannot be changed or revoked.",
  self: 'You cannot change your own access; ask the owner or another administrator.',
  ownGroup:
    'You are a member of this group, so you cannot grant or change its access (nobody widens their own access); ask the owner or another administrator.',
};

export const KEYPAD_WORDS: Record<KeypadRefusal, string> = {
  lockedOut: 'The keypad is locked after too many wrong PINs; it ignores entries until the lockout ends.',
  wrongPin: 'Wrong PIN.',
  pinOutsideTime: 'This PIN is not valid at this time.',
};

export const PERMANENT_LINK_WORDS =
  'Only the organization owner can make an access link without an end date: give it an end (repeatEvent.endDate).';

/** A link outside its weekly schedule at this door: when it works, and the moment at the door. */
export function linkScheduleWords(link: Schedule, zone: string, now: Date, device: string): string {
  return `This link opens ${device} ${scheduleWords({ ...link, timeZone: zone })}; it is ${nowAtDoor(now, zone)} there.`;
}

/**
 * A refused delegation in words: what the caller holds that the grant would exceed. `what` is the
 * act ("give this access", "make this PIN", "see this link's URL").
 */
export function delegationWords(
  reason: Exclude<DelegationRefusal, 'unseen'>,
  a: AccessFacts,
  now: Date,
  said: { device: string; what: string },
): string {
  const lead = `You cannot ${said.what}: nobody hands out more than they hold.`;
  switch (reason) {
    case 'level':
      return `${lead} Only an owner or administrator of ${said.device} can.`;
    case 'schedule':
      return `${lead} Your access to ${said.device} is ${scheduleWords(a)}; it is ${nowAtDoor(now, a.timeZone)} there.`;
    case 'remote':
      return `${lead} Remote opening is disabled for you on ${said.device}, so you cannot give it.`;
    case 'site':
      return `You cannot ${said.what}: ${SITE_LIMIT_WORDS(said.device)}.`;
    case 'aboveOwnLevel':
      return `${lead} It gives a level on ${said.device} above your own.`;
    case 'ownSchedule':
      return `${lead} It reaches days or hours your own access to ${said.device} does not (${scheduleWords(a)}${a.endDate ? `, until ${a.endDate.toISOString()}` : ''}); give it a schedule inside yours.`;
    case 'endless':
      return `${lead} Only the organization's owner can give ${said.device} without an end: give it an end date.`;
  }
}

/**
 * A lockdown's refusal in a person's words: where, since when (in the door's zone), why, and that it
 * lasts until lifted. "Residence is locked down since 29 Nov 14:02 (Warsaw time). Reason: gas leak
 * reported. No door of it opens until the lockdown is lifted."
 */
export function lockdownWords(
  l: { reason: string; siteName: string | null; startedAt: Date },
  zone: string,
  organization?: string,
): string {
  const where = l.siteName ?? organization ?? 'This organization';
  const since = DateTime.fromJSDate(l.startedAt, { zone }).toFormat('d LLL HH:mm');
  const reason = l.reason.trim();
  const stop = /[.!?]$/.test(reason) ? '' : '.';
  return `${where} is locked down since ${since} (${zoneCity(zone)} time). Reason: ${reason}${stop} No door of it opens until the lockdown is lifted.`;
}
