import type { Metadata } from 'next';
import { Suspense } from 'react';
import { DevicesList } from '@/components/devices/devices-list';

export const metadata: Metadata = { title: 'Devices' };

// /devices: the viewer's locks, bridges and gates (data through /api/v37/my/device/details)
export default function DevicesPage() {
  return (
    <Suspense>
      <DevicesList />
    </Suspense>
  );
}
