import type { Metadata } from 'next';
import { LockOverview } from '@/components/devices/lock-overview';
import { OtherOverview } from '@/components/devices/other-overview';
import { deviceOverview } from '@/lib/domain/devices/overview';
import { devicePage, or404 } from './load';

export const metadata: Metadata = { title: 'Device' };

// /devices/{id}: a lock's live state and controls, or the details of another device
export default async function DevicePage({ params }: { params: Promise<{ id: string }> }) {
  const { ctx, id } = await devicePage(params);
  const o = await or404(deviceOverview(ctx, id));
  return o.kind === 'lock' ? (
    <LockOverview
      initial={o.device}
      policy={{ openRefusal: o.openRefusal, simulator: o.simulator, lastSeen: o.lastSeen, timetable: o.timetable }}
    />
  ) : (
    <OtherOverview o={o} />
  );
}
