import { Suspense } from 'react';
import { SkeletonRows } from '@/components/ui';
import { LockdownPage } from '@/components/lockdown/lockdown-page';

export const metadata = { title: 'Lockdown' };

// Organization > Lockdown (issue 35): the lockdowns that hold and the recent ones; administrators
// of a site lock it down with a reason and lift it, the owner the whole organization.
export default function Page() {
  return (
    <Suspense fallback={<SkeletonRows rows={3} label="Loading lockdowns" />}>
      <LockdownPage />
    </Suspense>
  );
}
