import { SCOPE_DESCRIPTIONS, SCOPES, type Scope } from '@/lib/auth/scopes';

/** How the create form groups the scopes (by what they touch), each with its description. */
export interface ScopeGroup {
  title: string;
  scopes: { scope: Scope; description: string }[];
}

const GROUPS: { title: string; match: (s: Scope) => boolean }[] = [
  { title: 'Devices and locks', match: (s) => /^(Device|Lock|DeviceActivity|DeviceCertificate|Mobile)\./.test(s) },
  { title: 'Sharing', match: (s) => s.startsWith('DeviceShare.') },
  { title: 'Organization', match: (s) => /^(Organization|AccessLink)\./.test(s) },
  { title: 'Account', match: (s) => s.startsWith('Account.') },
];

export const SCOPE_GROUPS: ScopeGroup[] = GROUPS.map((g) => ({
  title: g.title,
  scopes: SCOPES.filter(g.match).map((scope) => ({ scope, description: SCOPE_DESCRIPTIONS[scope] })),
}));
