import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { DoorSensorsList } from '@/components/devices/door-sensors-list';
import { sessionCtx } from '@/lib/auth/session';
import { deviceRefusals } from '@/lib/domain/devices/overview';

export const metadata: Metadata = { title: 'Door sensors' };

// /door-sensors: the viewer's door sensors, renamed and removed where the policy allows
export default async function DoorSensorsPage() {
  const ctx = await sessionCtx();
  if (!ctx) redirect('/sign-in?callbackUrl=%2Fdoor-sensors');
  return <DoorSensorsList refusals={await deviceRefusals(ctx, 'doorSensor')} />;
}
