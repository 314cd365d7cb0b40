import type { Metadata } from 'next';
import { AccessView } from '@/components/access/access-view';
import { portalDevice } from '@/lib/domain/access/portal';
import { devicePage, or404 } from '../load';

export const metadata: Metadata = { title: 'Access' };

// /devices/{id}/access: who has access to the device (the list itself loads through the API)
export default async function AccessPage({ params }: { params: Promise<{ id: string }> }) {
  const { ctx, id } = await devicePage(params);
  const device = await or404(portalDevice(ctx, id));
  return <AccessView device={device} myUserId={ctx.caller.userId} />;
}
