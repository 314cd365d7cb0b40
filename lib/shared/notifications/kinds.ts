import { ActivityEvent as E, DeviceType as T } from '@/lib/shared/devices/codes';

/** What an owner must not miss (issue 22, item 5): the kinds of notification mail. */
export const NOTIFICATION_KINDS = [
  'jammed',
  'batteryLow',
  'bridgeOffline',
  'doorOpenTooLong',
  'keypadLockedOut',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isNotificationKind = (k: unknown): k is NotificationKind =>
  typeof k === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(k);

/** The activity event each kind is read from. */
export const KIND_OF_EVENT: Readonly<Record<number, NotificationKind>> = {
  [E.jammed]: 'jammed',
  [E.batteryLow]: 'batteryLow',
  [E.bridgeDisconnected]: 'bridgeOffline',
  [E.doorOpenTooLong]: 'doorOpenTooLong',
  [E.keypadLockedOut]: 'keypadLockedOut',
};
export const NOTIFIED_EVENTS: readonly number[] = Object.keys(KIND_OF_EVENT).map(Number);

/** The kinds in a person's words (settings page, mails). */
export const KIND_LABEL: Readonly<Record<NotificationKind, string>> = {
  jammed: 'A lock is jammed',
  batteryLow: 'Battery low',
  bridgeOffline: 'Bridge offline',
  doorOpenTooLong: 'Door open too long',
  keypadLockedOut: 'Keypad locked out after wrong PINs',
};

/** An event older than this when the worker first sees it is not mailed (a worker down for days sends no stale alarms). */
export const STALE_MS = 24 * 3600_000;

/** The kinds that can happen on a device of each type (a gate has none). */
export function kindsOfType(type: number): NotificationKind[] {
  switch (type) {
    case T.bridge:
      return ['bridgeOffline'];
    case T.lockPro:
    case T.lockGo:
      // bridgeOffline on a lock: its bridge stayed offline, so it cannot be opened from afar
      return ['jammed', 'batteryLow', 'bridgeOffline', 'doorOpenTooLong', 'keypadLockedOut'];
    case T.keypad:
    case T.keypadPro:
      return ['batteryLow', 'keypadLockedOut'];
    case T.doorSensor:
      return ['batteryLow', 'doorOpenTooLong'];
    default:
      return [];
  }
}
