import { Card } from '@/components/ui';
import type { DeviceOverview } from '@/lib/domain/devices/overview';
import { BatteryBadge, ConnectivityBadge } from './badges';

/** /devices/{id} for bridges, gates and door sensors: what the service knows of them. */
export function OtherOverview({ o }: { o: Exclude<DeviceOverview, { kind: 'lock' }> }) {
  const d = o.device;
  const rows: [string, React.ReactNode][] = [['Serial number', d.serialNumber]];
  if (o.kind === 'bridge') rows.push(['Connection', <ConnectivityBadge key="c" isConnected={o.device.isConnected} kind="bridge" />], ['Configured', o.device.wasConfigured ? 'Yes' : 'No']);
  if (o.kind === 'gate') {
    rows.push(
      ['Connection', <ConnectivityBadge key="c" isConnected={o.device.isConnected} kind="gate" linked={o.device.isPresentInExternal} />],
      ['In the gate system as', `${o.device.externalName} (${o.device.externalId})`],
      ['Impulse length', `${o.device.impulseLength} ms`],
    );
  }
  if (o.kind === 'doorSensor') rows.push(['Battery', <BatteryBadge key="b" level={o.device.deviceState.batteryLevel} />]);
  rows.push(['Firmware', d.softwareVersions.map((v) => `${v.version}${v.updateAvailable ? ' (update available)' : ''}`).join(', ') || '—']);
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
