import { NoAccessToDoor } from '@/components/devices/no-access';

// /devices/{id} of a door the viewer cannot see: their access ended, or it never was theirs (404 by design)
export default function DeviceNotFound() {
  return <NoAccessToDoor />;
}
