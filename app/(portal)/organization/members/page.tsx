import { Suspense } from 'react';
import { SkeletonRows } from '@/components/ui';
import { MembersPage } from '@/components/organization/members-page';

export const metadata = { title: 'Members' };

// Organization > Members: everyone in the organization with their role.
export default function Page() {
  return (
    <Suspense fallback={<SkeletonRows rows={5} label="Loading members" />}>
      <MembersPage />
    </Suspense>
  );
}
