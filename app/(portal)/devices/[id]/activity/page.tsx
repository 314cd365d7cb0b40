import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { Suspense } from 'react';
import { ActivityFeed } from '@/components/activity/activity-feed';
import { sessionCtx } from '@/lib/auth/session';
import { portalDevice } from '@/lib/domain/access/portal';
import { DomainError } from '@/lib/domain/errors';

export const metadata: Metadata = { title: 'Device activity' };

// /devices/{id}/activity: the log of one device
export default async function DeviceActivityPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ctx = await sessionCtx();
  if (!ctx) redirect('/sign-in');
  const deviceId = Number(id);
  if (!Number.isInteger(deviceId) || deviceId <= 0) notFound();
  const device = await portalDevice(ctx, deviceId).catch((e) => {
    if (e instanceof DomainError && e.code === 'not_found') notFound();
    throw e;
  });
  return (
    <Suspense>
      <ActivityFeed devices={[device]} deviceId={device.id} />
    </Suspense>
  );
}
