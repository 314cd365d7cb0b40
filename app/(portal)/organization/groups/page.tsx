import { Suspense } from 'react';
import { SkeletonRows } from '@/components/ui';
import { GroupsPage } from '@/components/organization/groups-page';

export const metadata = { title: 'Groups' };

// Organization > Groups: list, search and paging in the URL, create / rename / delete.
export default function Page() {
  return (
    <Suspense fallback={<SkeletonRows rows={5} label="Loading groups" />}>
      <GroupsPage />
    </Suspense>
  );
}
