'use client';

import { useState } from 'react';
import { Badge, Button, Card, LockIcon, Spinner } from '@/components/ui';
import { ApiError } from '@/lib/client/api';
import { useOperate, useOperation, type Lock, type OperationVerb } from '@/lib/client/devices';
import { OpResult } from '@/lib/shared/devices/codes';
import { RESULT } from './labels';

const DONE: Record<OperationVerb, string> = { unlock: 'Unlocked', lock: 'Locked', pull: 'Latch pulled' };

/** Why the lock cannot take a remote command now (its connection), or null when it can try. */
export function unreachableReason(l: Lock): string | null {
  if (l.connectedToId === null) return 'This lock has no bridge: it can be operated only over Bluetooth at the door.';
  if (l.isConnected === false) return 'The lock is offline: its bridge is disconnected.';
  return null;
}

/**
 * Unlock / Lock / Pull with the real outcome: "sending to the lock…" while the operation is
 * pending, then what the lock answered (never a success for the 202 alone). When the policy
 * refuses the viewer (`openRefusal`, in words), there are no buttons to click into a 403, only why.
 */
export function LockControls({ lock, openRefusal }: { lock: Lock; openRefusal: string | null }) {
  const operate = useOperate(lock.id);
  const [sent, setSent] = useState<{ verb: OperationVerb; id: string } | null>(null);
  const op = useOperation(sent?.id ?? null);
  const reason = unreachableReason(lock);
  const running = operate.isPending || (!!sent && op.data?.status !== 'COMPLETED' && !op.isError);

  if (openRefusal) {
    return (
      <Card title="Operate" description="Commands go through the bridge; the result below is what the lock answered.">
        <p className="flex items-start gap-2 text-sm text-slate-700" role="note">
          <LockIcon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> {openRefusal}
        </p>
      </Card>
    );
  }

  const run = (verb: OperationVerb) => {
    setSent(null);
    operate.mutate({ verb }, { onSuccess: (r) => setSent({ verb, id: r.operationId }) });
  };

  let outcome: React.ReactNode = null;
  if (operate.isPending) outcome = <Progress text="Sending to the lock…" />;
  else if (operate.isError) outcome = <Badge tone="problem">{failureText(operate.error)}</Badge>;
  else if (sent && op.data?.status === 'COMPLETED') {
    outcome =
      op.data.result === OpResult.ok ? (
        <Badge tone="ok">{DONE[sent.verb]}</Badge>
      ) : (
        <Badge tone="problem">{RESULT[op.data.result ?? OpResult.failed] ?? 'The command failed'}</Badge>
      );
  } else if (sent && op.isError) outcome = <Badge tone="problem">{failureText(op.error)}</Badge>;
  else if (sent) outcome = <Progress text="The lock is working…" />;

  const pull = lock.deviceSettings.pullSpringEnabled;
  return (
    <Card title="Operate" description="Commands go through the bridge; the result below is what the lock answered.">
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => run('unlock')}
          disabled={!!reason || running}
          aria-describedby={reason ? 'operate-reason' : undefined}
        >
          Unlock
        </Button>
        <Button variant="secondary" onClick={() => run('lock')} disabled={!!reason || running}>
          Lock
        </Button>
        {pull ? (
          <Button variant="secondary" onClick={() => run('pull')} disabled={!!reason || running}>
            Pull latch
          </Button>
        ) : null}
      </div>
      {reason ? (
        <p id="operate-reason" className="mt-3 text-sm text-slate-700">
          {reason}
        </p>
      ) : null}
      <div className="mt-3 min-h-7" role="status" aria-live="polite">
        {outcome}
      </div>
    </Card>
  );
}

function Progress({ text }: { text: string }) {
  return (
    <span className="inline-flex items-center gap-2 text-sm text-slate-700">
      <Spinner /> {text}
    </span>
  );
}

function failureText(e: Error): string {
  if (e instanceof ApiError && e.status === 404) return 'You no longer have access to this door.';
  if (e instanceof ApiError && e.status === 428) return `Lock offline: ${e.message}`;
  return e.message;
}
