import { notFound, redirect } from 'next/navigation';
import { DeviceHeader } from '@/components/devices/device-header';
import { sessionCtx } from '@/lib/auth/session';
import { deviceOverview } from '@/lib/domain/devices/overview';
import { DomainError } from '@/lib/domain/errors';

// /devices/{id}/*: the device's name and the tabs (Overview, PINs for locks, Access, Activity)
export default async function DeviceLayout({ params, children }: { params: Promise<{ id: string }>; children: React.ReactNode }) {
  const id = Number((await params).id);
  if (!Number.isInteger(id) || id <= 0 || id > 2147483647) notFound();
  const ctx = await sessionCtx();
  if (!ctx) redirect('/sign-in');
  const o = await deviceOverview(ctx, id).catch((e) => {
    if (e instanceof DomainError && e.code === 'not_found') notFound();
    throw e;
  });
  const d = o.device;
  return (
    <div>
      <DeviceHeader id={d.id} name={d.name} type={d.type} zone={d.timeZone} accessLevel={d.accessLevel} isLock={o.kind === 'lock'} />
      {children}
    </div>
  );
}
