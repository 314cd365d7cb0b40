import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ActivityFeed } from '@/components/activity/activity-feed';
import { portalDevice } from '@/lib/domain/access/portal';
import { devicePage, or404 } from '../load';

export const metadata: Metadata = { title: 'Device activity' };

// /devices/{id}/activity: the log of one device
export default async function DeviceActivityPage({ params }: { params: Promise<{ id: string }> }) {
  const { ctx, id } = await devicePage(params);
  const device = await or404(portalDevice(ctx, id));
  return (
    <Suspense>
      <ActivityFeed devices={[device]} deviceId={device.id} />
    </Suspense>
  );
}
