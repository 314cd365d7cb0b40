import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SkeletonRows } from '@/components/ui';
import { WebhooksPage } from '@/components/webhooks/webhooks-page';

export const metadata: Metadata = { title: 'Webhooks' };

// Settings > Webhooks: the user's (or an administered organization's) webhooks; data loads through the API.
export default function Page() {
  return (
    <Suspense fallback={<SkeletonRows rows={3} label="Loading webhooks" />}>
      <WebhooksPage />
    </Suspense>
  );
}
