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
        )}
      </Card>
    </div>
  );
}

function GateRow({ gate }: { gate: Gate }) {
  const sync = useSyncGate();
  const [result, setResult] = useState<string | null>(null);
  const canSync = gate.accessLevel >= 1;
  const run = () => {
    setResult(null);
    sync.mutate(gate.id, {
      onSuccess: (g) => setResult(`Synced: ${connectivity(g.isConnected, 'gate', g.isPresentInExternal).label.toLowerCase()}`),
    });
  };
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
        <div className="flex flex-col items-start gap-1">
          {canSync ? (
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
      </Td>
    </Tr>
  );
}
