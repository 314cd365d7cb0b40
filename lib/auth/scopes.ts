/** Scopes of api-v37.md, Tedee's Mobile.* (docs/source/howtos/authenticate.rst), plus Account.* for key management. */
export const SCOPES = [
  'DeviceShare.Read',
  'DeviceShare.ReadWrite',
  'Lock.Operate',
  'Device.Read',
  'Device.ReadWrite',
  'DeviceActivity.Read',
  'DeviceCertificate.Operate',
  'Organization.Read',
  'Organization.ReadWrite',
  'AccessLink.Read',
  'AccessLink.ReadWrite',
  'Mobile.Read',
  'Mobile.ReadWrite',
  'Account.Read',
  'Account.ReadWrite',
] as const;

export type Scope = (typeof SCOPES)[number];

export const ALL_SCOPES: ReadonlySet<Scope> = new Set(SCOPES);

export function isScope(s: string): s is Scope {
  return (SCOPES as readonly string[]).includes(s);
}

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  'DeviceShare.Read': 'Read device access data',
  'DeviceShare.ReadWrite': 'Read and write device access data',
  'Lock.Operate': 'Operate locks',
  'Device.Read': 'Read device data',
  'Device.ReadWrite': 'Read and write device data',
  'DeviceActivity.Read': 'Read device activities',
  'DeviceCertificate.Operate': 'Access device certificates',
  'Organization.Read': 'Read organization data',
  'Organization.ReadWrite': 'Read and write organization data',
  'AccessLink.Read': 'View organization access links',
  'AccessLink.ReadWrite': 'Manage organization access links',
  'Mobile.Read': 'View your registered phones',
  'Mobile.ReadWrite': 'Register and remove your phones',
  'Account.Read': 'Read your account and access keys',
  'Account.ReadWrite': 'Manage your account and access keys',
};
