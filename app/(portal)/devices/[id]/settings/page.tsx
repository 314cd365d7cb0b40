import type { Metadata } from 'next';
import { LockSettingsTab } from '@/components/devices/lock-settings';
import { missingCapability } from '@/lib/domain/devices/hardware';
import { lockSettingsView } from '@/lib/domain/devices/overview';
import { devicePage, or404 } from '../load';

export const metadata: Metadata = { title: 'Lock settings' };

// /devices/{id}/settings: a lock's name, time zone and device settings (editable where the policy allows)
export default async function LockSettingsPage({ params }: { params: Promise<{ id: string }> }) {
  const { ctx, id } = await devicePage(params);
  const view = await or404(lockSettingsView(ctx, id));
  const settingsNote = await missingCapability(ctx.db, id, 'settings');
  return <LockSettingsTab initial={view.lock} manageRefusal={view.manageRefusal} settingsNote={settingsNote} />;
}
