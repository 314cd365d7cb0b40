import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ActivityFeed } from '@/components/activity/activity-feed';
import { portalDevice } from '@/lib/domain/access/portal';
import { firstActivityPage } from '@/lib/domain/activity/list';
import { ACTIVITY_FILTERS } from '@/lib/shared/activity/names';
import { devicePage, or404 } from '../load';

export const metadata: Metadata = { title: 'Device activity' };

// /devices/{id}/activity: the log of one device, its first page read with the page
export default async function DeviceActivityPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ctx, id } = await devicePage(params);
  const device = await or404(portalDevice(ctx, id));
  const sp = await searchParams;
  const firstPage = ACTIVITY_FILTERS.some((f) => sp[f]) ? undefined : await firstActivityPage(ctx, device.id);
  return (
    <Suspense>
      <ActivityFeed
        devices={[device]}
        places={[{ siteId: device.siteId, timeZone: device.timeZone }]}
        deviceId={device.id}
        firstPage={firstPage}
      />
    </Suspense>
  );
}
