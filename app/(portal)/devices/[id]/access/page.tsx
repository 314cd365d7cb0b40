import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { AccessView } from '@/components/access/access-view';
import { sessionCtx } from '@/lib/auth/session';
import { portalDevice } from '@/lib/domain/access/portal';
import { DomainError } from '@/lib/domain/errors';

export const metadata: Metadata = { title: 'Access' };

// /devices/{id}/access: who has access to the device (the list itself loads through the API)
export default async function AccessPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ctx = await sessionCtx();
  if (!ctx) redirect('/sign-in');
  const deviceId = Number(id);
  if (!Number.isInteger(deviceId) || deviceId <= 0) notFound();
  const device = await portalDevice(ctx, deviceId).catch((e) => {
    if (e instanceof DomainError && e.code === 'not_found') notFound();
    throw e;
  });
  return <AccessView device={device} myUserId={ctx.caller.userId} />;
}
