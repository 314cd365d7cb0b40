'use client';

import Link from 'next/link';
import { TabLinks } from '@/components/ui';
import { LEVEL, TYPE } from './labels';

/** Header of every /devices/{id} page (the layout holds it): name, kind, zone and the tabs. */
export function DeviceHeader({ id, name, type, zone, accessLevel, isLock }: { id: number; name: string; type: number; zone: string; accessLevel: number; isLock: boolean }) {
  const tabs = [
    { href: `/devices/${id}`, label: 'Overview', exact: true },
    ...(isLock ? [{ href: `/devices/${id}/pins`, label: 'PINs' }, { href: `/devices/${id}/settings`, label: 'Settings' }] : []),
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
      <TabLinks className="mt-4" label="Device sections" tabs={tabs} />
    </div>
  );
}
