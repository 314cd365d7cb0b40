import { DeviceHeader } from '@/components/devices/device-header';
import { deviceOverview } from '@/lib/domain/devices/overview';
import { devicePage, or404 } from './load';

// /devices/{id}/*: the device's name and the tabs (Overview, PINs for locks, Access, Activity)
export default async function DeviceLayout({
  params,
  children,
}: {
  params: Promise<{ id: string }>;
  children: React.ReactNode;
}) {
  const { ctx, id } = await devicePage(params);
  const o = await or404(deviceOverview(ctx, id));
  const d = o.device;
  return (
    <div>
      <DeviceHeader
        id={d.id}
        name={d.name}
        type={d.type}
        zone={d.timeZone}
        accessLevel={d.accessLevel}
        isLock={o.kind === 'lock'}
        hours={o.kind === 'lock' || o.kind === 'gate' ? o.hours : null}
      />
      {children}
    </div>
  );
}
