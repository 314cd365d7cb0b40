import type { Scope } from '@/lib/auth/scopes';

/**
 * The contract's scopes a third-party app may ask for, each in a person's words for the consent
 * page. Account.* (keys, password, sessions, second factors) is never granted to an app: only the
 * person manages their account. Mobile.* stays with phones that register their own keys.
 */
export const APP_SCOPES = [
  'Device.Read',
  'Device.ReadWrite',
  'Lock.Operate',
  'DeviceActivity.Read',
  'DeviceShare.Read',
  'DeviceShare.ReadWrite',
  'DeviceCertificate.Operate',
  'Organization.Read',
  'Organization.ReadWrite',
  'AccessLink.Read',
  'AccessLink.ReadWrite',
] as const satisfies readonly Scope[];

export type AppScope = (typeof APP_SCOPES)[number];

export const isAppScope = (s: string): s is AppScope => (APP_SCOPES as readonly string[]).includes(s);

/** What granting each scope lets the app do, as the consent page says it. */
export const APP_SCOPE_WORDS: Record<AppScope, string> = {
  'Device.Read': 'See your locks, bridges, gates and door sensors and their state',
  'Device.ReadWrite': 'Change the settings and PIN codes of the devices you manage',
  'Lock.Operate': 'Open, lock and pull your locks and open your gates',
  'DeviceActivity.Read': 'Read who opened what and when',
  'DeviceShare.Read': 'See who else has access to your devices',
  'DeviceShare.ReadWrite': 'Share your devices with other people and remove their access',
  'DeviceCertificate.Operate': 'Get certificates that open your locks over Bluetooth',
  'Organization.Read': 'See the members and groups of your organizations',
  'Organization.ReadWrite': 'Invite and remove members and change groups of your organizations',
  'AccessLink.Read': "See your organizations' access links",
  'AccessLink.ReadWrite': "Create and change your organizations' access links",
};
