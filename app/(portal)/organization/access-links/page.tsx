import { Suspense } from 'react';
import { SkeletonRows } from '@/components/ui';
import { LinksPage } from '@/components/links/links-page';

export const metadata = { title: 'Access links' };

// Organization > Access links: list, create (doors in order, window in the organization's time), copy, edit, delete.
export default function Page() {
  return (
    <Suspense fallback={<SkeletonRows rows={4} label="Loading access links" />}>
      <LinksPage />
    </Suspense>
  );
}
