'use client';

import Link from 'next/link';
import { Card, EmptyState, ErrorState, PageHeader, SkeletonRows, Table, TBody, Td, Th, THead, Tr } from '@/components/ui';
import { useDeviceDetails, useDoorSensors } from '@/lib/client/devices';
import { BatteryBadge, DoorBadge } from './badges';
import { ago } from './labels';

/** /door-sensors: each sensor, the lock it reports to (with that door's state) and its battery. */
export function DoorSensorsList() {
  const sensors = useDoorSensors();
  const details = useDeviceDetails();
  const locks = new Map((details.data?.locks ?? []).map((l) => [l.id, l]));
  const list = sensors.data?.doorSensors ?? [];
  return (
    <div>
      <PageHeader title="Door sensors" description="A door sensor tells its lock whether the door is open or closed." />
      <Card flush>
        {sensors.isPending ? (
          <SkeletonRows rows={3} label="Loading door sensors" />
        ) : sensors.isError ? (
          <ErrorState message={sensors.error.message} onRetry={() => sensors.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState title="No door sensors" text="Door sensors appear here once one paired with a lock is shared with you." />
        ) : (
          <Table caption="Door sensors">
            <THead>
              <Tr>
                <Th>Name</Th>
                <Th>Lock</Th>
                <Th>Door</Th>
                <Th>Battery</Th>
                <Th>Last battery report</Th>
              </Tr>
            </THead>
            <TBody>
              {list.map((s) => {
                const lock = locks.get(s.connectedToLockId);
                return (
                  <Tr key={s.id}>
                    <Td className="font-medium">{s.name}</Td>
                    <Td>
                      {lock ? (
                        <Link className="text-indigo-700 hover:underline" href={`/devices/${lock.id}`}>
                          {lock.name}
                        </Link>
                      ) : (
                        <span className="text-slate-500">Not shared with you</span>
                      )}
                    </Td>
                    <Td>{lock?.deviceState ? <DoorBadge door={lock.deviceState.doorState} /> : '—'}</Td>
                    <Td>
                      <BatteryBadge level={s.deviceState.batteryLevel} />
                    </Td>
                    <Td>{ago(s.deviceState.batteryLevelModifiedTime)}</Td>
                  </Tr>
                );
              })}
            </TBody>
          </Table>
        )}
      </Card>
    </div>
  );
}
