'use client';

import { useId, useState } from 'react';
import { Badge, Button } from '@/components/ui';
import { ApiError } from '@/lib/client/api';
import { useOpenGate, useSyncGate, type Gate } from '@/lib/client/devices';
import type { DeviceRefusals } from '@/lib/domain/devices/overview';
import { connectivity } from './labels';

/** Why the gate cannot take an opening now (its link to the gate system), or null when it can try. */
function unavailable(g: Gate): string | null {
  if (!g.isPresentInExternal) return 'Cannot be opened: this gate is no longer in the gate system.';
  if (g.isConnected === false) return 'Cannot be opened now: the gate system reports it offline.';
  return null;
}

const failure = (e: Error) =>
  e instanceof ApiError && e.status === 404
    ? 'You no longer have access to this gate.'
    : e instanceof ApiError && (e.status === 423 || e.status === 428)
      ? `Gate offline: ${e.message}`
      : e.message;

/**
 * Open / Sync / Delete for one gate, each only where the policy lets the viewer (`refusals`; a
 * gate the page has no answer for yet shows none). Opening says what the gate system answered,
 * never a success before it confirmed.
 */
export function GateActions({
  gate,
  refusals,
  onDelete,
}: {
  gate: Gate;
  refusals: DeviceRefusals | undefined;
  /** the list's delete dialog; without it (the gate's own page) Delete is not offered */
  onDelete?: (g: Gate) => void;
}) {
  const open = useOpenGate();
  const sync = useSyncGate();
  const [said, setSaid] = useState<{ tone: 'ok' | 'problem'; text: string } | null>(null);
  const reason = unavailable(gate);
  // the list renders a gate twice (phone cards, desktop table): an id of its own for each copy
  const reasonId = useId();
  const mayOpen = refusals?.open === null;
  const mayManage = refusals?.manage === null;
  const run = (what: 'open' | 'sync') => {
    setSaid(null);
    if (what === 'open') {
      open.mutate(gate.id, {
        onSuccess: () => setSaid({ tone: 'ok', text: 'Opened' }),
        onError: (e) => setSaid({ tone: 'problem', text: failure(e) }),
      });
    } else {
      sync.mutate(gate.id, {
        onSuccess: (g) =>
          setSaid({
            tone: 'ok',
            text: `Synced: ${connectivity(g.isConnected, 'gate', g.isPresentInExternal).label.toLowerCase()}`,
          }),
        onError: (e) => setSaid({ tone: 'problem', text: e.message }),
      });
    }
  };
  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex flex-wrap gap-2 md:flex-nowrap">
        {mayOpen ? (
          <Button
            size="sm"
            loading={open.isPending}
            disabled={!!reason || sync.isPending}
            aria-describedby={reason ? reasonId : undefined}
            onClick={() => run('open')}
            aria-label={`Open ${gate.name}`}
          >
            Open
          </Button>
        ) : null}
        {mayManage ? (
          <>
            <Button
              size="sm"
              variant="secondary"
              loading={sync.isPending}
              disabled={open.isPending}
              onClick={() => run('sync')}
              aria-label={`Sync ${gate.name}`}
            >
              Sync
            </Button>
            {onDelete ? (
              <Button size="sm" variant="ghost" onClick={() => onDelete(gate)} aria-label={`Delete ${gate.name}`}>
                Delete
              </Button>
            ) : null}
          </>
        ) : null}
      </div>
      {refusals?.open ? <span className="max-w-xs text-xs text-slate-600">{refusals.open}</span> : null}
      {/* why Open is disabled, as text beside it (a tooltip shows only on hover, never on a phone) */}
      {mayOpen && reason ? (
        <span id={reasonId} className="max-w-xs text-xs text-slate-600">
          {reason}
        </span>
      ) : null}
      <span role="status" aria-live="polite">
        {open.isPending ? (
          <span className="text-xs text-slate-600">Opening: waiting for the gate system…</span>
        ) : said ? (
          <Badge tone={said.tone}>{said.text}</Badge>
        ) : null}
      </span>
    </div>
  );
}
