'use client';

import { useState } from 'react';
import { Button, CheckIcon, AlertIcon, Spinner } from '@/components/ui';
import { ApiError } from '@/lib/client/api';
import { useGuestOpen, useGuestOperation } from '@/lib/client/links';

const KIND: Record<number, string> = { 2: 'Lock', 4: 'Lock', 5: 'Gate' };

/**
 * One door on the guest page: a big Open button, then "Opening..." until the device itself
 * answered (a 202 is not an open door), then the real outcome.
 */
export function GuestDevice({
  token,
  device,
  usable,
}: {
  token: string;
  device: { id: number; name: string; deviceType: number; canOpen: boolean; closedNow: string | null };
  usable: boolean;
}) {
  const open = useGuestOpen(token);
  const [opId, setOpId] = useState<string | null>(null);
  const op = useGuestOperation(token, opId);
  const latest = op.data ?? open.data;
  const pending = open.isPending || (!!opId && latest?.status !== 'COMPLETED' && !op.error);
  const error = open.error ?? op.error;

  function start() {
    setOpId(null);
    open.mutate(device.id, { onSuccess: (o) => o.status === 'PENDING' && setOpId(o.operationId) });
  }

  const done = !pending && !error && latest?.status === 'COMPLETED';
  const ok = done && latest?.result === 0;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-xs uppercase tracking-wide text-slate-500">{KIND[device.deviceType] ?? 'Device'}</p>
      <h2 className="text-lg font-semibold text-slate-900">{device.name}</h2>
      <Button
        size="lg"
        className="mt-3 h-16 w-full text-lg"
        onClick={start}
        disabled={!usable || pending}
        aria-label={`Open ${device.name}`}
      >
        {pending ? 'Opening…' : device.canOpen ? 'Open' : 'Cannot open now'}
      </Button>
      <div role="status" aria-live="polite" className="mt-3 min-h-6 text-base">
        {pending ? (
          <span className="flex items-center gap-2 text-slate-700">
            <Spinner /> Sending to the {KIND[device.deviceType]?.toLowerCase() ?? 'device'}...
          </span>
        ) : error ? (
          <span className="flex items-start gap-2 text-red-800">
            <AlertIcon className="mt-1 h-4 w-4 shrink-0" />
            {error instanceof ApiError
              ? error.messages[0]
              : 'Could not reach the service. Check your connection and try again.'}
          </span>
        ) : !device.canOpen ? (
          <span className="flex items-start gap-2 text-slate-700">
            <AlertIcon className="mt-1 h-4 w-4 shrink-0 text-amber-600" />
            {device.closedNow ?? 'This link cannot open this door right now. Ask the person who sent it.'}
          </span>
        ) : done ? (
          <span className={ok ? 'flex items-center gap-2 text-green-800' : 'flex items-start gap-2 text-red-800'}>
            {ok ? <CheckIcon className="h-5 w-5" /> : <AlertIcon className="mt-1 h-4 w-4 shrink-0" />}
            {latest?.outcome}
          </span>
        ) : null}
      </div>
    </div>
  );
}
