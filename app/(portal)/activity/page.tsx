import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Suspense } from 'react';
import { ActivityFeed } from '@/components/activity/activity-feed';
import { PageHeader } from '@/components/ui';
import { sessionCtx } from '@/lib/auth/session';
import { portalDevices } from '@/lib/domain/access/portal';

export const metadata: Metadata = { title: 'Activity' };

// /activity: who opened what and how, across every device the viewer sees
export default async function ActivityPage() {
  const ctx = await sessionCtx();
  if (!ctx) redirect('/sign-in');
  const devices = await portalDevices(ctx);
  return (
    <div>
      <PageHeader
        title="Activity"
        description="Who opened which door, how, and when, in each door's own time zone. Guests see their own entries and those without an author."
      />
      <Suspense>
        <ActivityFeed devices={devices} />
      </Suspense>
    </div>
  );
}
