'use client';

import { DateTime } from 'luxon';
import { useState } from 'react';
import {
  Button,
  Card,
  EmptyState,
  LockIcon,
  QueryView,
  Table,
  TBody,
  Td,
  Th,
  THead,
  Tr,
  useToast,
  RowAction,
  ConfirmItemDialog,
} from '@/components/ui';
import { pinErrorMessage, useDeletePin, usePins, type PinListItem } from '@/lib/client/pins';
import { MAX_PINS_PER_LOCK } from '@/lib/shared/pins/rules';
import { describeSchedule } from '@/lib/shared/pins/schedule-text';
import type { PinsTabInfo } from '@/lib/domain/pins/tab';
import { PinDialog, type PinDialogState } from './pin-dialog';

/** The PINs tab of a lock: list, add, edit, delete. */
export function PinsTab({ lock }: { lock: PinsTabInfo }) {
  if (lock.unsupported) {
    return (
      <Card>
        <EmptyState
          icon={<LockIcon className="h-6 w-6" />}
          title="PINs are kept in the Tedee app"
          text={lock.unsupported}
        />
      </Card>
    );
  }
  if (!lock.canManage) {
    return (
      <Card>
        <EmptyState
          icon={<LockIcon className="h-6 w-6" />}
          title="You cannot manage PINs here right now"
          text={
            lock.refusal ??
            "PINs are managed by the lock's owner and administrators. Ask the owner of this lock if you need a PIN for its keypad."
          }
        />
      </Card>
    );
  }
  return <ManagedPins lock={lock} />;
}

function ManagedPins({ lock }: { lock: PinsTabInfo }) {
  const pins = usePins(lock.deviceId);
  const del = useDeletePin(lock.deviceId);
  const toast = useToast();
  const [dialog, setDialog] = useState<PinDialogState>(null);
  const [deleting, setDeleting] = useState<PinListItem | null>(null);
  const list = pins.data?.pins ?? [];
  const full = list.length >= MAX_PINS_PER_LOCK;
  // why Add PIN is disabled, said next to it (not only in a tooltip)
  const why = lock.offline
    ? `${lock.offline}${list.length ? ' The PINs already on the lock keep working at the keypad.' : ''}`
    : full
      ? `A lock keeps at most ${MAX_PINS_PER_LOCK} PINs: delete one to add another.`
      : null;
  const add = (
    <Button
      onClick={() => setDialog({ mode: 'add' })}
      disabled={!!why}
      aria-describedby={why ? 'add-pin-reason' : undefined}
    >
      Add PIN
    </Button>
  );
  const reason = why ? (
    <p id="add-pin-reason" role="note" className="max-w-md text-sm text-amber-800">
      {why}
    </p>
  ) : null;

  return (
    <>
      <Card
        flush
        title="PINs"
        description={`Codes for the keypad of ${lock.name}. Times are at the lock: ${lock.timeZone}.`}
        actions={pins.data && list.length ? add : null}
      >
        {reason && list.length ? <div className="border-b border-slate-200 px-4 py-3">{reason}</div> : null}
        <QueryView query={pins} loading={{ rows: 3, label: 'Loading PINs' }} errorMessage={pinErrorMessage}>
          {() =>
            list.length === 0 ? (
              <EmptyState
                title="No PINs yet"
                text="Add a PIN so people can open this door at the keypad, without the app. You can limit it to days and hours."
                action={
                  <div className="flex flex-col items-center gap-2">
                    {add}
                    {reason}
                  </div>
                }
              />
            ) : (
              <>
                <Table caption={`PINs of ${lock.name}`}>
                  <THead>
                    <Tr>
                      <Th>Alias</Th>
                      <Th className="hidden sm:table-cell">When it works</Th>
                      <Th className="text-right">
                        <span className="sr-only">Actions</span>
                      </Th>
                    </Tr>
                  </THead>
                  <TBody>
                    {list.map((p) => (
                      <Tr key={p.id}>
                        <Td>
                          <span className="font-medium">{p.alias}</span>
                          <span className="block text-xs text-slate-600">{usageText(p, lock.timeZone)}</span>
                          {/* phones: the schedule under the alias instead of in its own column */}
                          <span className="mt-0.5 block text-xs text-slate-600 sm:hidden">
                            {describeSchedule(p, lock.timeZone)}
                          </span>
                        </Td>
                        <Td className="hidden text-slate-600 sm:table-cell">{describeSchedule(p, lock.timeZone)}</Td>
                        <Td className="whitespace-nowrap px-2 text-right sm:px-4">
                          <RowAction
                            action="Edit"
                            of={p.alias}
                            variant="ghost"
                            onClick={() => setDialog({ mode: 'edit', id: p.id, alias: p.alias })}
                          />
                          <RowAction action="Delete" of={p.alias} danger onClick={() => setDeleting(p)} />
                        </Td>
                      </Tr>
                    ))}
                  </TBody>
                </Table>
                <p className="border-t border-slate-200 px-4 py-2 text-xs text-slate-600">
                  {list.length} of {MAX_PINS_PER_LOCK} PINs
                </p>
              </>
            )
          }
        </QueryView>
      </Card>
      <PinDialog lockId={lock.deviceId} zone={lock.timeZone} state={dialog} onClose={() => setDialog(null)} />
      <ConfirmItemDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title={(p) => `Delete “${p.alias}”?`}
        message="The PIN is removed from the lock; it stops opening the door at once."
        confirmLabel={del.isPending ? 'Sending to the lock…' : 'Delete PIN'}
        onConfirm={async (p) => {
          try {
            await del.mutateAsync(p.id);
          } catch (e) {
            throw new Error(pinErrorMessage(e));
          }
          toast.success('PIN deleted', `The lock no longer accepts “${p.alias}”.`);
        }}
      />
    </>
  );
}

/** "3 Nov 22:58 (Europe/Warsaw)" at the lock, the year added when it is not this one. */
function atLock(iso: string, zone: string, now: DateTime): string {
  const at = DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone);
  return `${at.toFormat(at.year === now.setZone(zone).year ? 'd LLL HH:mm' : 'd LLL yyyy HH:mm')} (${zone})`;
}

/** "Last used 3 Nov 22:58 (Europe/Warsaw)" at the lock; "Never used". */
export function lastUsedText(iso: string | null, zone: string, now: DateTime = DateTime.now()): string {
  return iso ? `Last used ${atLock(iso, zone, now)}` : 'Never used';
}

/**
 * The line under a PIN's alias: "Starts 1 Dec 08:00 (Europe/Warsaw)" while it has not started
 * (it cannot have been used yet, "Never used" would read as a problem), else its last use.
 */
export function usageText(
  p: { lastUsedDate: string | null; startDate?: string | null },
  zone: string,
  now: DateTime = DateTime.now(),
): string {
  if (p.startDate && DateTime.fromISO(p.startDate) > now) return `Starts ${atLock(p.startDate, zone, now)}`;
  return lastUsedText(p.lastUsedDate, zone, now);
}
