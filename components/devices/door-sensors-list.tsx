'use client';

import { Link } from '@/components/ui/link';
import { useState } from 'react';
import {
  Button,
  Card,
  EmptyState,
  PageHeader,
  QueryView,
  Table,
  TBody,
  Td,
  Th,
  THead,
  Tr,
  useToast,
  ConfirmItemDialog,
} from '@/components/ui';
import { useDeleteDoorSensor, useDeviceDetails, useDoorSensors, type DoorSensor } from '@/lib/client/devices';
import type { DeviceRefusals } from '@/lib/domain/devices/overview';
import { BatteryBadge, DoorBadge } from './badges';
import { ago } from './labels';
import { RenameDialog } from './rename-dialog';

/**
 * /door-sensors: each sensor, the lock it reports to (with that door's state) and its battery;
 * rename and remove where the policy lets the viewer (`refusals`, from the server).
 */
export function DoorSensorsList({ refusals }: { refusals: Record<number, DeviceRefusals> }) {
  const sensors = useDoorSensors();
  // the locks of these sensors only (their names and door states), not every device of the viewer
  const lockIds = (sensors.data?.doorSensors ?? []).map((s) => s.connectedToLockId).filter((id) => id > 0);
  const details = useDeviceDetails({ ids: lockIds, enabled: lockIds.length > 0 });
  const remove = useDeleteDoorSensor();
  const toast = useToast();
  const [renaming, setRenaming] = useState<DoorSensor | null>(null);
  const [removing, setRemoving] = useState<DoorSensor | null>(null);
  const locks = new Map((details.data?.locks ?? []).map((l) => [l.id, l]));
  const list = sensors.data?.doorSensors ?? [];
  const lockName = (s: DoorSensor | null) => (s ? (locks.get(s.connectedToLockId)?.name ?? 'its lock') : 'its lock');
  return (
    <div>
      <PageHeader title="Door sensors" description="A door sensor tells its lock whether the door is open or closed." />
      <Card flush>
        <QueryView
          query={sensors}
          also={lockIds.length ? [details] : []}
          loading={{ rows: 3, label: 'Loading door sensors' }}
        >
          {() =>
            list.length === 0 ? (
              <EmptyState
                title="No door sensors"
                text="Door sensors appear here once one paired with a lock is shared with you."
              />
            ) : (
              <>
                <ul className="divide-y divide-slate-100 md:hidden" aria-label="Door sensors">
                  {list.map((s) => (
                    <li key={s.id} className="flex flex-col gap-2 px-4 py-3">
                      <div className="flex items-baseline justify-between gap-2">
                        <span className="font-medium">{s.name}</span>
                        <BatteryBadge level={s.deviceState.batteryLevel} />
                      </div>
                      <p className="text-sm text-slate-600">
                        <LockLink lock={locks.get(s.connectedToLockId)} /> · battery reported{' '}
                        {ago(s.deviceState.batteryLevelModifiedTime)}
                      </p>
                      {locks.get(s.connectedToLockId)?.deviceState ? (
                        <DoorBadge door={locks.get(s.connectedToLockId)!.deviceState!.doorState} />
                      ) : null}
                      {refusals[s.id]?.manage === null ? (
                        <Actions sensor={s} onRename={setRenaming} onRemove={setRemoving} />
                      ) : null}
                    </li>
                  ))}
                </ul>
                <div className="hidden md:block">
                  <Table caption="Door sensors">
                    <THead>
                      <Tr>
                        <Th>Name</Th>
                        <Th>Lock</Th>
                        <Th>Door</Th>
                        <Th>Battery</Th>
                        <Th>Last battery report</Th>
                        <Th>
                          <span className="sr-only">Actions</span>
                        </Th>
                      </Tr>
                    </THead>
                    <TBody>
                      {list.map((s) => {
                        const lock = locks.get(s.connectedToLockId);
                        return (
                          <Tr key={s.id}>
                            <Td className="font-medium">{s.name}</Td>
                            <Td>
                              <LockLink lock={lock} />
                            </Td>
                            <Td>{lock?.deviceState ? <DoorBadge door={lock.deviceState.doorState} /> : '—'}</Td>
                            <Td>
                              <BatteryBadge level={s.deviceState.batteryLevel} />
                            </Td>
                            <Td>{ago(s.deviceState.batteryLevelModifiedTime)}</Td>
                            <Td>
                              {refusals[s.id]?.manage === null ? (
                                <Actions sensor={s} onRename={setRenaming} onRemove={setRemoving} />
                              ) : null}
                            </Td>
                          </Tr>
                        );
                      })}
                    </TBody>
                  </Table>
                </div>
              </>
            )
          }
        </QueryView>
      </Card>
      <RenameDialog key={renaming?.id ?? 'none'} sensor={renaming} onClose={() => setRenaming(null)} />
      <ConfirmItemDialog
        item={removing}
        onClose={() => setRemoving(null)}
        title={(s) => `Remove ${s.name}?`}
        message={(s) => (
          <p className="text-sm text-slate-700">
            It is unpaired from {lockName(s)} and leaves the service. The lock then no longer knows whether its door is
            open (“No door sensor”), and door-closed auto lock and open-door alerts stop working.
          </p>
        )}
        confirmLabel="Remove sensor"
        onConfirm={async (s) => {
          await remove.mutateAsync(s.id);
          toast.success(`${s.name} removed`);
        }}
      />
    </div>
  );
}

function LockLink({ lock }: { lock: { id: number; name: string } | undefined }) {
  return lock ? (
    <Link className="text-indigo-700 hover:underline" href={`/devices/${lock.id}`}>
      {lock.name}
    </Link>
  ) : (
    <span className="text-slate-500">Lock not shared with you</span>
  );
}

function Actions({
  sensor,
  onRename,
  onRemove,
}: {
  sensor: DoorSensor;
  onRename: (s: DoorSensor) => void;
  onRemove: (s: DoorSensor) => void;
}) {
  return (
    <div className="flex gap-2">
      <Button size="sm" variant="secondary" onClick={() => onRename(sensor)} aria-label={`Rename ${sensor.name}`}>
        Rename
      </Button>
      <Button size="sm" variant="ghost" onClick={() => onRemove(sensor)} aria-label={`Remove ${sensor.name}`}>
        Remove
      </Button>
    </div>
  );
}
