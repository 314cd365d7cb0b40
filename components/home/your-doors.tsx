'use client';

import { Link } from '@/components/ui/link';
import { useState } from 'react';
import { Badge, Button, Card, EmptyState } from '@/components/ui';
import { GateActions } from '@/components/devices/gate-actions';
import { unreachableReason } from '@/components/devices/lock-controls';
import { RESULT } from '@/components/devices/labels';
import { YourHoursLine } from '@/components/devices/your-hours';
import { ApiError } from '@/lib/client/api';
import { useOperate, useOperation, type Gate, type Lock } from '@/lib/client/devices';
import { OpResult } from '@/lib/shared/devices/codes';
import type { YourDoor } from '@/lib/domain/devices/overview';

/**
 * Home of a member or guest: the doors they can open, each with Unlock (a lock) or Open (a gate)
 * where the policy lets them now, why not in words beside it otherwise, and their hours.
 */
export function YourDoors({ doors, locks, gates }: { doors: YourDoor[]; locks: Lock[]; gates: Gate[] }) {
  return (
    <Card title="Your doors" description="Open a door from here; your hours are in each door’s time zone." flush>
      {doors.length === 0 ? (
        <EmptyState
          title="No doors yet"
          text="When someone shares a lock or gate with you, it appears here with your hours."
        />
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Your doors">
          {doors.map((d) => {
            const lock = locks.find((l) => l.id === d.id);
            const gate = gates.find((g) => g.id === d.id);
            return (
              <li
                key={d.id}
                className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4"
              >
                <div className="min-w-0">
                  <Link href={`/devices/${d.id}`} className="font-medium text-indigo-700 hover:underline">
                    {d.name}
                  </Link>
                  <YourHoursLine hours={d.hours} />
                </div>
                <div className="shrink-0 sm:max-w-xs">
                  {d.kind === 'gate' && gate ? (
                    <GateActions gate={gate} refusals={{ open: d.openRefusal, manage: 'not here' }} />
                  ) : d.kind === 'lock' && lock ? (
                    <UnlockButton lock={lock} refusal={d.openRefusal} />
                  ) : (
                    <span className="text-xs text-slate-600">Loading…</span>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

/** Unlock with what the lock answered; disabled with its reason as text beside it when it cannot. */
function UnlockButton({ lock, refusal }: { lock: Lock; refusal: string | null }) {
  const operate = useOperate(lock.id);
  const [sent, setSent] = useState<string | null>(null);
  const op = useOperation(sent);
  const reason = refusal ?? unreachableReason(lock);
  const running = operate.isPending || (!!sent && op.data?.status !== 'COMPLETED' && !op.isError);
  let outcome: React.ReactNode = null;
  if (running) outcome = <span className="text-xs text-slate-600">Sending to the lock…</span>;
  else if (operate.isError) outcome = <Badge tone="problem">{failureText(operate.error)}</Badge>;
  else if (op.isError) outcome = <Badge tone="problem">{failureText(op.error)}</Badge>;
  else if (sent && op.data?.status === 'COMPLETED')
    outcome =
      op.data.result === OpResult.ok ? (
        <Badge tone="ok">Unlocked</Badge>
      ) : (
        <Badge tone="problem">{RESULT[op.data.result ?? OpResult.failed] ?? 'The command failed'}</Badge>
      );
  // the policy says no: no button to click into a 403, only why (as on the lock's page)
  if (refusal)
    return (
      <span id={`door-${lock.id}-reason`} className="block max-w-xs text-xs text-slate-600">
        {refusal}
      </span>
    );
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        size="sm"
        disabled={!!reason || running}
        aria-describedby={reason ? `door-${lock.id}-reason` : undefined}
        aria-label={`Unlock ${lock.name}`}
        onClick={() => {
          setSent(null);
          operate.mutate({ verb: 'unlock' }, { onSuccess: (r) => setSent(r.operationId) });
        }}
      >
        Unlock
      </Button>
      {reason ? (
        <span id={`door-${lock.id}-reason`} className="max-w-xs text-xs text-slate-600">
          {reason}
        </span>
      ) : null}
      <span role="status" aria-live="polite">
        {outcome}
      </span>
    </div>
  );
}

function failureText(e: Error): string {
  if (e instanceof ApiError && e.status === 404) return 'You no longer have access to this door.';
  if (e instanceof ApiError && e.status === 428) return `Lock offline: ${e.message}`;
  return e.message;
}
