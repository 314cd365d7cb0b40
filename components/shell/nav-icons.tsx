// Icons of the navigation (24x24 stroke). Decorative: every link also has its text.
const P = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;
const svg = (d: React.ReactNode) =>
  function NavIcon({ className = 'h-5 w-5' }: { className?: string }) {
    return (
      <svg viewBox="0 0 24 24" className={className} aria-hidden="true" {...P}>
        {d}
      </svg>
    );
  };

export const HomeIcon = svg(
  <>
    <path d="m3 11 9-7 9 7" />
    <path d="M5 10v10h14V10" />
    <path d="M10 20v-5h4v5" />
  </>,
);
export const AuditIcon = svg(
  <>
    <path d="M9 4h6l1 2h3v15H5V6h3l1-2Z" />
    <path d="M9 11h6M9 15h4" />
  </>,
);
export const DevicesIcon = svg(
  <>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    <path d="M12 15v2" />
  </>,
);
export const GateIcon = svg(
  <>
    <path d="M3 21V5M21 21V5M3 9h18M3 15h18" />
    <path d="M8 9v6M13 9v6M18 9v6" />
  </>,
);
export const SensorIcon = svg(
  <>
    <rect x="5" y="3" width="9" height="18" rx="1.5" />
    <path d="M17 8a4 4 0 0 1 0 8M19.5 5.5a8 8 0 0 1 0 13" />
  </>,
);
export const SiteIcon = svg(
  <>
    <path d="M4 21V4h10v17M14 9h6v12M2 21h20" />
    <path d="M7.5 8h3M7.5 12h3M7.5 16h3M17 13h.01M17 17h.01" />
  </>,
);
export const LockdownIcon = svg(
  <>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4M12 15v2" />
  </>,
);
export const ActivityIcon = svg(<path d="M3 12h4l3-8 4 16 3-8h4" />);
export const GroupsIcon = svg(
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6.5 6.5 0 0 1 3.5 6" />
  </>,
);
export const LinkIcon = svg(
  <>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  </>,
);
export const MembersIcon = svg(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
);
export const KeyIcon = svg(
  <>
    <circle cx="8" cy="15" r="4" />
    <path d="m11 12 9-9M17 6l3 3M15 8l2 2" />
  </>,
);
export const WebhookIcon = svg(
  <>
    <path d="M18 16.9A5 5 0 1 1 13 12h6" />
    <path d="M6 16.5 9.5 10A5 5 0 1 1 17 6" />
    <circle cx="6" cy="17" r="2" />
    <circle cx="18" cy="17" r="2" />
    <circle cx="12" cy="6" r="2" />
  </>,
);
export const ShieldIcon = svg(
  <>
    <path d="M12 3 5 6v5c0 4.5 3 8.5 7 10 4-1.5 7-5.5 7-10V6l-7-3Z" />
    <path d="m9 12 2 2 4-4" />
  </>,
);
export const BellIcon = svg(
  <>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4l2-2Z" />
    <path d="M10 20a2 2 0 0 0 4 0" />
  </>,
);
export const AppsIcon = svg(
  <>
    <rect x="4" y="4" width="7" height="7" rx="1.5" />
    <rect x="13" y="4" width="7" height="7" rx="1.5" />
    <rect x="4" y="13" width="7" height="7" rx="1.5" />
    <path d="M16.5 13v7M13 16.5h7" />
  </>,
);
export const CodeIcon = svg(
  <>
    <path d="m8 8-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14" />
  </>,
);
