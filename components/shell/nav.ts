import { ActivityIcon, DevicesIcon, GateIcon, GroupsIcon, KeyIcon, LinkIcon, MembersIcon, SensorIcon, ShieldIcon, WebhookIcon } from './nav-icons';

export interface NavItem {
  href: string;
  label: string;
  Icon: (p: { className?: string }) => React.ReactNode;
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
      { href: '/devices', label: 'Devices', Icon: DevicesIcon },
      { href: '/gates', label: 'Gates', Icon: GateIcon },
      { href: '/door-sensors', label: 'Door sensors', Icon: SensorIcon },
      { href: '/activity', label: 'Activity', Icon: ActivityIcon },
    ],
  },
  {
    title: 'Organization',
    items: [
      { href: '/organization/groups', label: 'Groups', Icon: GroupsIcon },
      { href: '/organization/access-links', label: 'Access links', Icon: LinkIcon },
      { href: '/organization/members', label: 'Members', Icon: MembersIcon },
    ],
  },
  {
    title: 'Settings',
    items: [
      { href: '/settings/access-keys', label: 'Access keys', Icon: KeyIcon },
      { href: '/settings/webhooks', label: 'Webhooks', Icon: WebhookIcon },
      { href: '/settings/security', label: 'Security', Icon: ShieldIcon },
    ],
  },
];

export function isCurrent(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
