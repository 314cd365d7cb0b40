'use client';

import { Link } from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import {
  AlertIcon,
  Badge,
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
  ConfirmItemDialog,
} from '@/components/ui';
import { useDeleteGate, useGates, useSyncAllGates, type Gate } from '@/lib/client/devices';
import type { DeviceRefusals } from '@/lib/domain/devices/overview';
import { ConnectivityBadge } from './badges';
import { GateActions } from './gate-actions';
import { seconds } from './labels';

const UNLINKED_NOTE =
  'Unlinked: this gate is no longer in the external gate system. It stays here with its shares, but it cannot be opened. Add it back there and sync to link it again, or delete it here.';

/**
 * /gates: gates with connected / disconnected / unlinked badges; open, sync and delete where the
 * policy lets the viewer (`refusals`, from the server), and a sync of the viewer's whole account
 * in the external gate system, which adds gates new there.
 */
export function GatesList({ refusals }: { refusals: Record<number, DeviceRefusals> }) {
  const gates = useGates();
  const router = useRouter();
  const syncAll = useSyncAllGates();
  const [synced, setSynced] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Gate | null>(null);
  const del = useDeleteGate();
  const list = gates.data?.gates ?? [];
  const runSyncAll = () => {
    setSynced(null);
    const before = new Set(list.map((g) => g.id));
    syncAll.mutate(undefined, {
      onSuccess: async () => {
        const after = (await gates.refetch()).data?.gates ?? [];
        const added = after.filter((g) => !before.has(g.id)).length;
        setSynced(
          added ? `Synchronized: ${added} new gate${added === 1 ? '' : 's'} added` : 'Synchronized: no new gates',
        );
        router.refresh(); // what the viewer may do with the new gates
      },
    });
  };
  return (
    <div>
      <PageHeader
        title="Gates"
        description="Gates come from the external gate system; syncing reads it again (never writes it). How long its opening signal lasts and its firmware are changed only there. Your gates are synchronized automatically every 24 hours."
        actions={
          <div className="flex flex-col items-end gap-1">
            <Button variant="secondary" loading={syncAll.isPending} onClick={runSyncAll}>
              Sync all gates
            </Button>
            <span role="status" aria-live="polite" className="text-sm">
              {syncAll.isError ? (
                <Badge tone="problem">{syncAll.error.message}</Badge>
              ) : synced ? (
                <Badge tone="ok">{synced}</Badge>
              ) : null}
            </span>
          </div>
        }
      />
      <Card flush>
        <QueryView query={gates} loading={{ rows: 4, label: 'Loading gates' }}>
          {() =>
            list.length === 0 ? (
              <EmptyState
                title="No gates"
                text="Gates appear here when a gate from the external system is shared with you, or after “Sync all gates” finds gates in your account there."
              />
            ) : (
              <>
                <ul className="divide-y divide-slate-100 md:hidden" aria-label="Gates">
                  {list.map((g) => (
                    <GateCard key={g.id} gate={g} refusals={refusals[g.id]} onDelete={setDeleting} />
                  ))}
                </ul>
                <div className="hidden md:block">
                  <GatesTable list={list} refusals={refusals} onDelete={setDeleting} />
                </div>
              </>
            )
          }
        </QueryView>
      </Card>
      <ConfirmItemDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title={(g) => `Delete ${g.name}?`}
        message={
          <div className="space-y-2 text-sm text-slate-700">
            <p>It disappears from the service for everyone, with its shares, access links and log.</p>
            <p>
              The external gate system keeps it: while it is in your account there, the next full sync adds it back as a
              new gate. To remove it for good, delete it there first.
            </p>
          </div>
        }
        confirmLabel="Delete gate"
        onConfirm={(g) => del.mutateAsync(g.id)}
      />
    </div>
  );
}

function Unlinked({ gate }: { gate: Gate }) {
  if (gate.isPresentInExternal) return null;
  return (
    <p className="mt-1 flex items-start gap-1 text-xs text-amber-800">
      <AlertIcon className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden /> {UNLINKED_NOTE}
    </p>
  );
}

type RowProps = { gate: Gate; refusals: DeviceRefusals | undefined; onDelete: (g: Gate) => void };

function GateCard({ gate, refusals, onDelete }: RowProps) {
  return (
    <li className="px-4 py-3">
      <div className="flex items-baseline justify-between gap-2">
        <Link href={`/devices/${gate.id}`} className="font-medium text-indigo-700 hover:underline">
          {gate.name}
        </Link>
        <ConnectivityBadge isConnected={gate.isConnected} kind="gate" linked={gate.isPresentInExternal} />
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {gate.externalName} · opening signal {seconds(gate.impulseLength)} · firmware{' '}
        {gate.softwareVersions[0]?.version ?? '—'}
      </p>
      <Unlinked gate={gate} />
      <div className="mt-2">
        <GateActions gate={gate} refusals={refusals} onDelete={onDelete} />
      </div>
    </li>
  );
}

function GatesTable({
  list,
  refusals,
  onDelete,
}: {
  list: Gate[];
  refusals: Record<number, DeviceRefusals>;
  onDelete: (g: Gate) => void;
}) {
  return (
    <Table caption="Gates">
      <THead>
        <Tr>
          <Th>Name</Th>
          <Th>Status</Th>
          <Th>In the gate system</Th>
          <Th>Opening signal</Th>
          <Th>Firmware</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </Tr>
      </THead>
      <TBody>
        {list.map((gate) => (
          <Tr key={gate.id}>
            <Td className="font-medium">
              <Link href={`/devices/${gate.id}`} className="text-indigo-700 hover:underline">
                {gate.name}
              </Link>
              <Unlinked gate={gate} />
            </Td>
            <Td>
              <ConnectivityBadge isConnected={gate.isConnected} kind="gate" linked={gate.isPresentInExternal} />
            </Td>
            <Td>
              {gate.externalName} <span className="text-xs text-slate-500">({gate.externalId})</span>
            </Td>
            <Td>{seconds(gate.impulseLength)}</Td>
            <Td>{gate.softwareVersions[0]?.version ?? '—'}</Td>
            <Td>
              <GateActions gate={gate} refusals={refusals[gate.id]} onDelete={onDelete} />
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
