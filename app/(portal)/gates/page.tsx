import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { GatesList } from '@/components/devices/gates-list';
import { sessionCtx } from '@/lib/auth/session';
import { deviceRefusals } from '@/lib/domain/devices/overview';

export const metadata: Metadata = { title: 'Gates' };

// /gates: the viewer's gates, their link to the external gate system, and what the policy lets them do
export default async function GatesPage() {
  const ctx = await sessionCtx();
  if (!ctx) redirect('/sign-in?callbackUrl=%2Fgates');
  return <GatesList refusals={await deviceRefusals(ctx, 'gate')} />;
}
