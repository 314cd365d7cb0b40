import { decideOrg, type OrgAction } from '@/lib/shared/policy';
import {
  ActivityIcon,
  AppsIcon,
  CodeIcon,
  AuditIcon,
  BellIcon,
  HomeIcon,
  DevicesIcon,
  GateIcon,
  GroupsIcon,
  KeyIcon,
  LinkIcon,
  MembersIcon,
  SensorIcon,
  SiteIcon,
  LockdownIcon,
  ShieldIcon,
  WebhookIcon,
} from './nav-icons';

export interface NavItem {
  href: string;
  label: string;
  Icon: (p: { className?: string }) => React.ReactNode;
  /** shown only to a member of an organization whose role the policy allows this (lib/shared/policy) */
  org?: OrgAction;
}
export interface NavSection {
  /** null: top-level items without a heading */
  title: string | null;
  items: NavItem[];
}

/** The portal's places (portal.md); each page belongs to the area whose path it starts with. */
export const NAV: NavSection[] = [
  {
    title: null,
    items: [
      { href: '/home', label: 'Home', Icon: HomeIcon },
      { href: '/devices', label: 'Devices', Icon: DevicesIcon },
      { href: '/gates', label: 'Gates', Icon: GateIcon },
      { href: '/door-sensors', label: 'Door sensors', Icon: SensorIcon },
      { href: '/activity', label: 'Activity', Icon: ActivityIcon },
    ],
  },
  {
    title: 'Organization',
    items: [
      { href: '/organization/sites', label: 'Sites', Icon: SiteIcon, org: 'see' },
      { href: '/organization/lockdown', label: 'Lockdown', Icon: LockdownIcon, org: 'see' },
      { href: '/organization/bridges', label: 'Bridges', Icon: DevicesIcon, org: 'manageBridges' },
      { href: '/organization/groups', label: 'Groups', Icon: GroupsIcon, org: 'see' },
      { href: '/organization/access-links', label: 'Access links', Icon: LinkIcon, org: 'manageLinks' },
      { href: '/organization/people', label: 'People', Icon: MembersIcon, org: 'see' },
      { href: '/organization/members', label: 'Members', Icon: MembersIcon, org: 'see' },
      { href: '/organization/audit', label: 'Audit log', Icon: AuditIcon, org: 'seeAudit' },
    ],
  },
  {
    title: 'Settings',
    items: [
      { href: '/settings/access-keys', label: 'Access keys', Icon: KeyIcon },
      { href: '/settings/webhooks', label: 'Webhooks', Icon: WebhookIcon },
      { href: '/settings/notifications', label: 'Notifications', Icon: BellIcon },
      { href: '/settings/security', label: 'Security', Icon: ShieldIcon },
      { href: '/settings/connected-apps', label: 'Connected apps', Icon: AppsIcon },
      { href: '/settings/developer', label: 'Developer', Icon: CodeIcon },
    ],
  },
];

export function isCurrent(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The places a person has: organization pages only for its members, and only those their role
 * may use (a guest without an organization sees no Organization section at all; an administrator
 * limited to some sites no page that reaches the whole organization).
 */
export function navFor(orgRole: number | null, siteIds: readonly number[] | null = null): NavSection[] {
  return NAV.map((s) => ({
    ...s,
    items: s.items.filter((i) => !i.org || decideOrg(i.org, orgRole, undefined, siteIds).ok),
  })).filter((s) => s.items.length);
}
