'use client';

import { useState } from 'react';
import { Badge, Button, Card, EmptyState, ErrorState, PageHeader, SkeletonRows, Table, TBody, Td, Th, THead, Tr } from '@/components/ui';
import { useGates, useSyncGate, type Gate } from '@/lib/client/devices';
import { ConnectivityBadge } from './badges';
import { connectivity } from './labels';

/** /gates: gates with connected / disconnected / unlinked badges and a one-way sync. */
export function GatesList() {
  const gates = useGates();
  const list = gates.data?.gates ?? [];
  return (
    <div>
      <PageHeader title="Gates" description="Gates come from the external gate system. Sync reads it again; impulse length and firmware are changed only there." />
      <Card flush>
        {gates.isPending ? (
          <SkeletonRows rows={4} label="Loading gates" />
        ) : gates.isError ? (
          <ErrorState message={gates.error.message} onRetry={() => gates.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState title="No gates" text="Gates appear here when a gate from the external system is shared with you." />
        ) : (
          <>
            <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Gates">
              {list.map((g) => (
                <GateCard key={g.id} gate={g} />
              ))}
            </ul>
            <div className="hidden sm:block">
              <GatesTable list={list} />
            </div>
          </>
        )}
      </Card>
    </div>
  );
}

/** Sync one gate and say what came back (connected / disconnected / unlinked). */
function useGateSync(gate: Gate) {
  const sync = useSyncGate();
  const [result, setResult] = useState<string | null>(null);
  const run = () => {
    setResult(null);
    sync.mutate(gate.id, {
      onSuccess: (g) => setResult(`Synced: ${connectivity(g.isConnected, 'gate', g.isPresentInExternal).label.toLowerCase()}`),
    });
  };
  return { sync, result, run };
}

function SyncControl({ gate }: { gate: Gate }) {
  const { sync, result, run } = useGateSync(gate);
  return (
    <div className="flex flex-col items-start gap-1">
      {gate.accessLevel >= 1 ? (
        <Button size="sm" variant="secondary" loading={sync.isPending} onClick={run} aria-label={`Sync ${gate.name}`}>
          Sync
        </Button>
      ) : (
        <span className="text-xs text-slate-500">Owners and administrators can sync</span>
      )}
      <span role="status" aria-live="polite">
        {sync.isError ? <Badge tone="problem">{sync.error.message}</Badge> : result ? <Badge tone="ok">{result}</Badge> : null}
      </span>
    </div>
  );
}

function GateCard({ gate }: { gate: Gate }) {
  return (
    <li className="px-4 py-3">
      <div className="flex items-baseline justify-between gap-2">
        <span className="font-medium">{gate.name}</span>
        <ConnectivityBadge isConnected={gate.isConnected} kind="gate" linked={gate.isPresentInExternal} />
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {gate.externalName} · {gate.impulseLength} ms · firmware {gate.softwareVersions[0]?.version ?? '—'}
      </p>
      <div className="mt-2">
        <SyncControl gate={gate} />
      </div>
    </li>
  );
}

function GateRow({ gate }: { gate: Gate }) {
  return (
    <Tr>
      <Td className="font-medium">{gate.name}</Td>
      <Td>
        <ConnectivityBadge isConnected={gate.isConnected} kind="gate" linked={gate.isPresentInExternal} />
      </Td>
      <Td>
        {gate.externalName} <span className="text-xs text-slate-500">({gate.externalId})</span>
      </Td>
      <Td>{gate.impulseLength} ms</Td>
      <Td>{gate.softwareVersions[0]?.version ?? '—'}</Td>
      <Td>
        <SyncControl gate={gate} />
      </Td>
    </Tr>
  );
}

function GatesTable({ list }: { list: Gate[] }) {
  return (
    <Table caption="Gates">
      <THead>
        <Tr>
          <Th>Name</Th>
          <Th>Status</Th>
          <Th>In the gate system</Th>
          <Th>Impulse</Th>
          <Th>Firmware</Th>
          <Th>
            <span className="sr-only">Sync</span>
          </Th>
        </Tr>
      </THead>
      <TBody>
        {list.map((g) => (
          <GateRow key={g.id} gate={g} />
        ))}
      </TBody>
    </Table>
  );
}
