import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { LockOverview } from '@/components/devices/lock-overview';
import { OtherOverview } from '@/components/devices/other-overview';
import { sessionCtx } from '@/lib/auth/session';
import { deviceOverview } from '@/lib/domain/devices/overview';
import { DomainError } from '@/lib/domain/errors';

export const metadata: Metadata = { title: 'Device' };

// /devices/{id}: a lock's live state and controls, or the details of another device
export default async function DevicePage({ params }: { params: Promise<{ id: string }> }) {
  const id = Number((await params).id);
  const ctx = await sessionCtx();
  if (!ctx) redirect('/sign-in');
  const o = await deviceOverview(ctx, id).catch((e) => {
    if (e instanceof DomainError && e.code === 'not_found') notFound();
    throw e;
  });
  return o.kind === 'lock' ? <LockOverview initial={o.device} activeNow={o.activeNow} /> : <OtherOverview o={o} />;
}
