'use client';

import { Link } from '@/components/ui/link';
import { usePathname } from 'next/navigation';
import { useSyncExternalStore } from 'react';
import { useActiveLockdowns, type Lockdown } from '@/lib/client/lockdowns';
import { LockdownBanner } from './banner';
import { lockdownSince } from './words';

const noSubscription = () => () => {};

/**
 * On every page of the portal (issue 35): each lockdown that holds in the viewer's organization,
 * what it covers, since when and why, and how many of its locks confirmed, so nobody has to try a
 * door to learn why it stays shut. Asked after hydration (see SecondFactorBanner) and again every
 * few seconds, so one started or lifted elsewhere shows up on an open page.
 */
export function LockdownNotice({ organization }: { organization: { id: number; name: string; role: number } | null }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!hydrated || !organization) return null;
  return <Notices organization={organization} />;
}

function Notices({ organization }: { organization: { id: number; name: string; role: number } }) {
  const { data } = useActiveLockdowns(organization.id);
  const pathname = usePathname();
  // the Lockdown page shows each with its locks and the way to lift it
  if (!data?.length || pathname.startsWith('/organization/lockdown')) return null;
  return (
    <div className="mb-6 flex flex-col gap-3">
      {data.map((l) => (
        <LockdownBanner
          key={l.id}
          title={`${l.siteName ?? organization.name} is locked down`}
          action={
            <Link
              href="/organization/lockdown"
              className="font-medium text-red-900 underline underline-offset-2 hover:text-red-700"
            >
              {organization.role >= 1 ? 'Manage lockdown' : 'Details'}
            </Link>
          }
        >
          <LockdownSummary lockdown={l} />
        </LockdownBanner>
      ))}
    </div>
  );
}

/** Why, since when, by whom, and what became of its locks. */
export function LockdownSummary({ lockdown: l }: { lockdown: Lockdown }) {
  const waiting = l.locks.total - l.locks.locked;
  return (
    <>
      <p>
        Reason: <span className="font-medium">{l.reason}</span>
      </p>
      <p className="mt-1">
        {lockdownSince(l)}. No access, access link, PIN or phone opens its doors until it is lifted, except for the
        owner
        {l.exemptUserIds.length
          ? ` and ${l.exemptUserIds.length === 1 ? 'one administrator' : `${l.exemptUserIds.length} administrators`} it names`
          : ''}
        .
      </p>
      {l.locks.total ? (
        <p className="mt-1" aria-live="polite">
          {waiting === 0
            ? `All ${l.locks.total === 1 ? 'its lock is' : `${l.locks.total} of its locks are`} confirmed locked.`
            : `${l.locks.locked} of ${l.locks.total} locks confirmed locked; ${waiting === 1 ? 'one has' : `${waiting} have`} not confirmed yet.`}
        </p>
      ) : null}
    </>
  );
}
