import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Suspense } from 'react';
import { ActivityFeed } from '@/components/activity/activity-feed';
import { PageHeader } from '@/components/ui';
import { sessionCtx } from '@/lib/auth/session';
import { activityDevices } from '@/lib/domain/access/portal';
import { firstActivityPage } from '@/lib/domain/activity/list';
import { ACTIVITY_FILTERS } from '@/lib/shared/activity/names';

export const metadata: Metadata = { title: 'Activity' };

// /activity: who opened what and how, across every device the viewer sees; without a filter the
// first page comes with the page (the client pages on through GET /my/deviceactivity)
export default async function ActivityPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ctx = await sessionCtx();
  if (!ctx) redirect('/sign-in');
  const sp = await searchParams;
  const filtered = ACTIVITY_FILTERS.some((f) => sp[f]);
  const [devices, firstPage] = await Promise.all([activityDevices(ctx), filtered ? undefined : firstActivityPage(ctx)]);
  return (
    <div>
      <PageHeader
        title="Activity"
        description="Who opened which door, how, and when, in each door's own time zone. Guests see their own entries, and those without an author since their access began."
      />
      <Suspense>
        <ActivityFeed devices={devices} firstPage={firstPage} />
      </Suspense>
    </div>
  );
}
