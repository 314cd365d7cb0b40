'use client';

import { Link } from '@/components/ui/link';
import { TabLinks } from '@/components/ui';
import type { YourHours } from '@/lib/domain/access/hours';
import { LEVEL, TYPE } from './labels';
import { YourHoursLine } from './your-hours';

/** Header of every /devices/{id} page (the layout holds it): name, kind, zone and the tabs. */
export function DeviceHeader({
  id,
  name,
  type,
  zone,
  accessLevel,
  isLock,
  hours,
}: {
  id: number;
  name: string;
  type: number;
  zone: string;
  accessLevel: number;
  isLock: boolean;
  /** the viewer's own hours on a lock or gate (null for other devices) */
  hours: YourHours | null;
}) {
  const tabs = [
    { href: `/devices/${id}`, label: 'Overview', exact: true },
    ...(isLock
      ? [
          { href: `/devices/${id}/pins`, label: 'PINs' },
          { href: `/devices/${id}/settings`, label: 'Settings' },
        ]
      : []),
    { href: `/devices/${id}/access`, label: 'Access' },
    { href: `/devices/${id}/activity`, label: 'Activity' },
  ];
  return (
    <div className="mb-4">
      <Link href="/devices" className="text-sm text-indigo-700 hover:underline">
        ← All devices
      </Link>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{name}</h1>
      <p className="text-sm text-slate-600">
        {TYPE[type] ?? 'Device'} · your role: {LEVEL[accessLevel] ?? 'none'} · times at the door: {zone}
      </p>
      {hours ? <YourHoursLine hours={hours} /> : null}
      <TabLinks className="mt-4" label="Device sections" tabs={tabs} />
    </div>
  );
}
