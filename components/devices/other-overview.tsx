import { Link } from '@/components/ui/link';
import { Card, EmptyState } from '@/components/ui';
import type { DeviceOverview } from '@/lib/domain/devices/overview';
import { showInZone } from '@/lib/shared/access/schedule-text';
import { GateActions } from './gate-actions';
import { BatteryBadge, ConnectivityBadge, StateBadge } from './badges';
import { seconds } from './labels';

/** /devices/{id} for bridges, gates and door sensors: what the service knows of them. */
export function OtherOverview({ o }: { o: Exclude<DeviceOverview, { kind: 'lock' }> }) {
  const d = o.device;
  const rows: [string, React.ReactNode][] = [['Serial number', d.serialNumber]];
  if (o.kind === 'bridge')
    rows.push(
      ['Connection', <ConnectivityBadge key="c" isConnected={o.device.isConnected} kind="bridge" />],
      ['Configured', o.device.wasConfigured ? 'Yes' : 'No'],
    );
  if (o.kind === 'gate') {
    rows.push(
      [
        'Connection',
        <ConnectivityBadge
          key="c"
          isConnected={o.device.isConnected}
          kind="gate"
          linked={o.device.isPresentInExternal}
        />,
      ],
      ['In the gate system as', `${o.device.externalName} (${o.device.externalId})`],
      ['Opening signal', seconds(o.device.impulseLength)],
    );
  }
  if (o.kind === 'doorSensor')
    rows.push(['Battery', <BatteryBadge key="b" level={o.device.deviceState.batteryLevel} />]);
  if (o.kind !== 'doorSensor' && o.device.isConnected === false)
    rows.push(['Last seen', o.lastSeen ? `${showInZone(o.lastSeen, d.timeZone)} ${d.timeZone}` : 'Never']);
  rows.push([
    'Firmware',
    d.softwareVersions.map((v) => `${v.version}${v.updateAvailable ? ' (update available)' : ''}`).join(', ') || '—',
  ]);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {o.kind === 'gate' ? (
        <Card title="Open" description="The gate system opens the gate; the answer below is what it said.">
          <GateActions gate={o.device} refusals={{ open: o.openRefusal, manage: o.manageRefusal }} />
        </Card>
      ) : null}
      <Details rows={rows} />
      {o.kind === 'bridge' ? (
        <Card
          title="Locks on this bridge"
          description={
            o.device.isConnected === false
              ? 'While the bridge is offline, these locks cannot be reached remotely.'
              : 'Reached remotely through this bridge.'
          }
          flush
        >
          {o.locks.length === 0 ? (
            <EmptyState title="No locks" text="No lock you can see is paired with this bridge." />
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Locks on this bridge">
              {o.locks.map((l) => (
                <li key={l.id} className="flex items-center justify-between gap-3 px-4 py-3">
                  <Link href={`/devices/${l.id}`} className="font-medium text-indigo-700 hover:underline">
                    {l.name}
                  </Link>
                  {l.state !== null ? <StateBadge state={l.state} /> : null}
                </li>
              ))}
            </ul>
          )}
        </Card>
      ) : null}
    </div>
  );
}

function Details({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <Card title="Details">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-600">{k}</dt>
            <dd className="text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
