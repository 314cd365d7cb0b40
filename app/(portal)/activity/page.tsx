import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Suspense } from 'react';
import { ActivityFeed } from '@/components/activity/activity-feed';
import { PageHeader } from '@/components/ui';
import { sessionCtx } from '@/lib/auth/session';
import { activityDevices, activityPlaces } from '@/lib/domain/access/portal';
import { firstActivityPage } from '@/lib/domain/activity/list';
import { ACTIVITY_FILTERS } from '@/lib/shared/activity/names';

export const metadata: Metadata = { title: 'Activity' };

// /activity: who opened what and how, across every device the viewer sees; without a filter the
// first page comes with the page, with its devices' names (the client pages on through GET
// /my/deviceactivity and names further devices through GET /my/device/list)
export default async function ActivityPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ctx = await sessionCtx();
  if (!ctx) redirect('/sign-in');
  const sp = await searchParams;
  const filtered = ACTIVITY_FILTERS.some((f) => sp[f]);
  const chosen = Number(sp.device);
  const [places, firstPage] = await Promise.all([activityPlaces(ctx), filtered ? undefined : firstActivityPage(ctx)]);
  // the chosen device and those of the first page's entries, by name; the feed asks for the rest as it pages
  const devices = await activityDevices(ctx, [
    ...new Set([
      ...(Number.isInteger(chosen) && chosen > 0 && chosen <= 2147483647 ? [chosen] : []),
      ...(firstPage ?? []).map((e) => e.deviceId),
    ]),
  ]);
  return (
    <div>
      <PageHeader
        title="Activity"
        description="Who opened which door, how, and when, in each door's own time zone. Guests see their own entries, and those without an author since their access began."
      />
      <Suspense>
        <ActivityFeed devices={devices} places={places} firstPage={firstPage} />
      </Suspense>
    </div>
  );
}
