import type { Metadata } from 'next';
import { PinsTab } from '@/components/pins/pins-tab';
import { pinsTabInfo } from '@/lib/domain/pins/tab';
import { devicePage, or404 } from '../load';

export const metadata: Metadata = { title: 'PINs' };

/** /devices/{id}/pins: the lock's keypad PINs. The lock's zone and the caller's role come from the server. */
export default async function PinsPage({ params }: { params: Promise<{ id: string }> }) {
  const { ctx, id } = await devicePage(params);
  return <PinsTab lock={await or404(pinsTabInfo(ctx, id))} />;
}
