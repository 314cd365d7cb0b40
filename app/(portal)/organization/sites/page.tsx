import { Suspense } from 'react';
import { SkeletonRows } from '@/components/ui';
import { SitesPage } from '@/components/organization/sites/sites-page';

export const metadata = { title: 'Sites' };

// Organization > Sites (issue 35): the buildings, search and paging in the URL; administrators
// create, edit and delete them and move devices into them.
export default function Page() {
  return (
    <Suspense fallback={<SkeletonRows rows={3} label="Loading sites" />}>
      <SitesPage />
    </Suspense>
  );
}
