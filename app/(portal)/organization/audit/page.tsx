import { Suspense } from 'react';
import { SkeletonRows } from '@/components/ui';
import { AuditPage } from '@/components/organization/audit-page';

export const metadata = { title: 'Audit log' };

// Organization > Audit log: administrative actions, for owners and administrators.
export default function Page() {
  return (
    <Suspense fallback={<SkeletonRows rows={5} label="Loading the audit log" />}>
      <AuditPage />
    </Suspense>
  );
}
