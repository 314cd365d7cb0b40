import type { Metadata } from 'next';
import { GatesList } from '@/components/devices/gates-list';

export const metadata: Metadata = { title: 'Gates' };

// /gates: the viewer's gates and their link to the external gate system
export default function GatesPage() {
  return <GatesList />;
}
