'use client';

import Link from 'next/link';
import { TabLinks } from '@/components/ui';

/** Header of a device's sub-pages: its name, a way back, and the Access / Activity tabs. */
export function DeviceTabs({ id, name, zone }: { id: number; name: string; zone: string }) {
  return (
    <div className="mb-2">
      <Link href={`/devices/${id}`} className="text-sm text-indigo-700 hover:underline">
        ← {name}
      </Link>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{name}</h1>
      <p className="text-sm text-slate-600">Times shown at the door: {zone}</p>
      <TabLinks
        className="mt-4"
        label="Device sections"
        tabs={[
          { href: `/devices/${id}`, label: 'Overview', exact: true },
          { href: `/devices/${id}/access`, label: 'Access' },
          { href: `/devices/${id}/activity`, label: 'Activity' },
        ]}
      />
    </div>
  );
}
