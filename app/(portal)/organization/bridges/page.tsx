import { Suspense } from 'react';
import { SkeletonRows } from '@/components/ui';
import { BridgesPage } from '@/components/organization/bridges-page';

export const metadata = { title: 'Bridges' };

// Organization > Bridges: the organization's bridges and their locks; administrators add a bridge by its local API.
export default function Page() {
  return (
    <Suspense fallback={<SkeletonRows rows={3} label="Loading the bridges" />}>
      <BridgesPage />
    </Suspense>
  );
}
