'use client';

import { Link } from '@/components/ui/link';
import { usePathname } from 'next/navigation';
import { useSyncExternalStore } from 'react';
import { Warning } from '@/components/ui';
import { useSecondFactorBlocked } from '@/lib/client/second-factors';

const noSubscription = () => () => {};

/**
 * On every page: an administrator whom the organization's second-factor rule stops is told so
 * before pressing a button the API will refuse, and where to lift it. Settings > Security says
 * it in place, so not there. Members have nothing to be told and ask nothing.
 *
 * It asks only once the page has hydrated: a query this frame made during hydration would exist
 * before the page's own prefetched data arrives (react-query then hydrates that data only after
 * rendering), so the page would render differently from the server's HTML.
 */
export function SecondFactorBanner({
  organization,
}: {
  organization: { id: number; name: string; role: number } | null;
}) {
  const pathname = usePathname();
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!hydrated || !organization || organization.role < 1 || pathname.startsWith('/settings/security')) return null;
  return <Notice organization={organization} />;
}

function Notice({ organization }: { organization: { id: number; name: string; role: number } }) {
  const { blocked } = useSecondFactorBlocked(organization);
  if (!blocked) return null;
  return (
    <Warning role="status" className="mb-6">
      <p>
        {organization.name} requires administrators to use a second factor. Until you add one you can see the
        organization and open your doors, but not manage people, groups, access links, webhooks or the
        organization&apos;s devices.{' '}
        <Link href="/settings/security" className="font-medium underline underline-offset-2">
          Add a second factor in Settings › Security
        </Link>
      </p>
    </Warning>
  );
}
