'use client';

import { Card, ErrorState } from '@/components/ui';
import { useLock, type Lock } from '@/lib/client/devices';
import type { LockPolicy } from '@/lib/domain/devices/overview';
import { BatteryBadge, ConnectivityBadge, DoorBadge, StateBadge } from './badges';
import { ago } from './labels';
import { LockControls } from './lock-controls';
import { SimPanel } from './sim-panel';

/**
 * /devices/{id} for a lock: live state (polled quickly while it moves), controls (settings have their own tab), and
 * the simulator where its control plane is on and the viewer may drive it (both per the policy).
 */
export function LockOverview({ initial, policy }: { initial: Lock; policy: LockPolicy }) {
  const q = useLock(initial.id, initial);
  const lock = q.data ?? initial;
  const s = lock.deviceState;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title="Status" description={s ? `Last change ${ago(s.lastStateChangedDate)} (${new Date(s.lastStateChangedDate).toLocaleString()})` : 'No bridge: the cloud does not know this lock’s state.'}>
        {q.isError ? <ErrorState message={q.error.message} onRetry={() => q.refetch()} /> : null}
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-3 text-sm">
          <dt className="text-slate-600">Lock</dt>
          <dd aria-label="Lock state">{s ? <StateBadge state={s.state} /> : '—'}</dd>
          <dt className="text-slate-600">Door</dt>
          <dd>{s ? <DoorBadge door={s.doorState} /> : '—'}</dd>
          <dt className="text-slate-600">Battery</dt>
          <dd>{s ? <BatteryBadge level={s.batteryLevel} charging={s.isCharging} /> : '—'}</dd>
          <dt className="text-slate-600">Connection</dt>
          <dd>
            <ConnectivityBadge isConnected={lock.isConnected} kind="lock" />
          </dd>
          <dt className="text-slate-600">Firmware</dt>
          <dd>{lock.softwareVersions.map((v) => `${v.version}${v.updateAvailable ? ' (update available)' : ''}`).join(', ') || '—'}</dd>
        </dl>
      </Card>
      <LockControls lock={lock} openRefusal={policy.openRefusal} />
      {policy.simulator ? (
        <div className="lg:col-span-2">
          <SimPanel lock={lock} />
        </div>
      ) : null}
    </div>
  );
}
