import type { Metadata } from 'next';
import { DoorSensorsList } from '@/components/devices/door-sensors-list';

export const metadata: Metadata = { title: 'Door sensors' };

// /door-sensors: the viewer's door sensors
export default function DoorSensorsPage() {
  return <DoorSensorsList />;
}
