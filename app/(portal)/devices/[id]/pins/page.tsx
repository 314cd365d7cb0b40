import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { PinsTab } from '@/components/pins/pins-tab';
import { sessionCtx } from '@/lib/auth/session';
import { DomainError } from '@/lib/domain/errors';
import { pinsTabInfo, type PinsTabInfo } from '@/lib/domain/pins/tab';

export const metadata: Metadata = { title: 'PINs' };

/** /devices/{id}/pins: the lock's keypad PINs. The lock's zone and the caller's role come from the server. */
export default async function PinsPage({ params }: { params: Promise<{ id: string }> }) {
  const id = Number((await params).id);
  if (!Number.isInteger(id) || id <= 0) notFound();
  const ctx = await sessionCtx();
  if (!ctx) redirect('/sign-in');
  let info: PinsTabInfo;
  try {
    info = await pinsTabInfo(ctx, id);
  } catch (e) {
    if (e instanceof DomainError && e.code === 'not_found') notFound();
    throw e;
  }
  return <PinsTab lock={info} />;
}
