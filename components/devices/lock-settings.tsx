import { Card } from '@/components/ui';
import type { Lock } from '@/lib/client/devices';

const LABELS: Record<string, [string, 's' | 'bool' | 'plain']> = {
  autoLockEnabled: ['Auto lock', 'bool'],
  autoLockDelay: ['Auto lock after', 's'],
  autoLockImplicitEnabled: ['Implicit auto lock', 'bool'],
  autoLockImplicitDelay: ['Implicit auto lock after', 's'],
  pullSpringEnabled: ['Pull spring', 'bool'],
  pullSpringDuration: ['Latch held open for', 's'],
  autoPullSpringEnabled: ['Pull spring after unlock', 'bool'],
  postponedLockEnabled: ['Postponed lock', 'bool'],
  postponedLockDelay: ['Postponed lock after', 's'],
  buttonLockEnabled: ['Button locks', 'bool'],
  buttonUnlockEnabled: ['Button unlocks', 'bool'],
  isAsync: ['Asynchronous commands', 'bool'],
  openDoorAlertEnabled: ['Door-open alert', 'bool'],
  openDoorAlertThreshold: ['Alert when open longer than', 's'],
  autoLockAfterDoorClosedEnabled: ['Lock when the door closes', 'bool'],
  doorStateEventLoggingEnabled: ['Log door events', 'bool'],
};

const show = (v: unknown, kind: 's' | 'bool' | 'plain') => (kind === 'bool' ? (v ? 'On' : 'Off') : kind === 's' ? `${v} s` : String(v));

/** The lock's settings, read-only (they are changed in the app at the lock). */
export function LockSettings({ lock }: { lock: Lock }) {
  const entries = Object.entries(lock.deviceSettings).filter(([k]) => LABELS[k]);
  return (
    <Card title="Settings" description="Read-only here: settings are changed in the app, next to the lock.">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {entries.map(([k, v]) => (
          <div key={k} className="flex justify-between gap-4 border-b border-slate-100 py-1">
            <dt className="text-slate-600">{LABELS[k][0]}</dt>
            <dd className="font-medium text-slate-900">{show(v, LABELS[k][1])}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
