'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { Card, ErrorState } from '@/components/ui';
import { useLock, type Lock } from '@/lib/client/devices';
import { ApiError } from '@/lib/client/api';
import { NoAccessToDoor } from './no-access';
import type { LockPolicy } from '@/lib/domain/devices/overview';
import { BatteryBadge, ConnectivityBadge, DoorBadge, StateBadge } from './badges';
import { ago } from './labels';
import { showInZone } from '@/lib/shared/access/schedule-text';
import { LockControls } from './lock-controls';
import { SimPanel } from './sim-panel';

/**
 * /devices/{id} for a lock: live state (polled quickly while it moves), controls (settings have their own tab), and
 * the simulator where its control plane is on and the viewer may drive it (both per the policy).
 */
export function LockOverview({ initial, policy }: { initial: Lock; policy: Omit<LockPolicy, 'hours'> }) {
  const q = useLock(initial.id, initial);
  const lock = q.data ?? initial;
  const s = lock.deviceState;
  const router = useRouter();
  // the access ended while the page was open: the lock's read answers 404; the server's layout
  // (the door's name, tabs and hours above) is rendered again, which is then the page's not-found
  const gone = q.error instanceof ApiError && q.error.status === 404;
  useEffect(() => {
    if (gone) router.refresh();
  }, [gone, router]);
  if (gone) return <NoAccessToDoor />;
  const offline = lock.isConnected === false;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card
        title={offline ? 'Last known status' : 'Status'}
        description={<StatusWhen lock={lock} lastSeen={policy.lastSeen} />}
      >
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
          {policy.timetable ? (
            <>
              <dt className="self-start text-slate-600">Timetable</dt>
              <dd>
                <ul>
                  {policy.timetable.rules.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
                <p className="mt-1 font-medium text-slate-900" data-testid="timetable-next">
                  {!policy.timetable.enabled
                    ? 'Paused: it sends nothing until it is turned on again.'
                    : policy.timetable.next
                      ? `Next: ${policy.timetable.next}`
                      : 'No change in the next four weeks.'}
                </p>
              </dd>
            </>
          ) : null}
          <dt className="text-slate-600">Firmware</dt>
          <dd>
            {lock.softwareVersions
              .map((v) => `${v.version}${v.updateAvailable ? ' (update available)' : ''}`)
              .join(', ') || '—'}
          </dd>
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

/**
 * When the state was true, in the door's own time zone and named (the same words on the server and
 * in the browser, so the page hydrates cleanly); an offline lock's state is "last known", with when
 * the cloud last heard from it.
 */
function StatusWhen({ lock, lastSeen }: { lock: Lock; lastSeen: string | null }) {
  const s = lock.deviceState;
  if (!s) return <>No bridge: the cloud does not know this lock’s state.</>;
  const at = (iso: string) => (
    <>
      <time dateTime={iso}>{showInZone(iso, lock.timeZone)}</time> {lock.timeZone} (
      <span suppressHydrationWarning>{ago(iso)}</span>)
    </>
  );
  if (lock.isConnected === false)
    return (
      <>
        The lock is offline: this is what it reported last, at {at(s.lastStateChangedDate)}. Last seen{' '}
        {lastSeen ? at(lastSeen) : 'never'}.
      </>
    );
  return <>Last change {at(s.lastStateChangedDate)}</>;
}
