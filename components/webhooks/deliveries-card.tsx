'use client';

import { Button, Card, EmptyState, QueryView, useToast } from '@/components/ui';
import {
  useDeliveries,
  useRedeliver,
  useSendTest,
  type Delivery,
  type Webhook,
  type WebhookOwner,
} from '@/lib/client/webhooks';
import { relative } from '@/lib/shared/time-text';
import { eventLabel, fmtTime } from './format';
import { DeliveryBadge } from './status';

/** Recent deliveries of one webhook with every attempt; send a test event; redeliver one. */
export function DeliveriesCard({ owner, hook, onClose }: { owner: WebhookOwner; hook: Webhook; onClose: () => void }) {
  const list = useDeliveries(owner, hook.id);
  const test = useSendTest(owner, hook.id);
  const again = useRedeliver(owner, hook.id);
  const toast = useToast();

  const sendTest = () =>
    test.mutate(null, {
      onSuccess: (d) =>
        d.status === 'delivered'
          ? toast.success('Test event delivered', `Your endpoint answered ${d.lastStatusCode}.`)
          : toast.error(
              'Test event not delivered yet',
              d.attempts.at(-1)?.error ?? `Your endpoint answered ${d.lastStatusCode}; it will be retried.`,
            ),
      onError: (e) => toast.error('Could not send the test event', e.message),
    });
  const testButton = (
    <Button
      size="sm"
      onClick={sendTest}
      loading={test.isPending}
      disabled={!hook.enabled}
      title={hook.enabled ? undefined : 'Enable the webhook first'}
    >
      Send test event
    </Button>
  );

  return (
    <Card
      className="mt-6"
      title="Recent deliveries"
      description={<span className="break-all font-mono text-xs">{hook.url}</span>}
      actions={
        <>
          {testButton}
          <Button size="sm" variant="ghost" onClick={onClose}>
            Close
          </Button>
        </>
      }
      flush
    >
      <QueryView
        query={list}
        loading={{ rows: 3, label: 'Loading deliveries' }}
        empty={
          <EmptyState
            title="No deliveries yet"
            text="Events appear here as devices change. Send a test event to check your endpoint now."
            action={testButton}
          />
        }
      >
        {(data) => (
          <ul className="divide-y divide-slate-200" aria-label="Deliveries">
            {data.map((d) => (
              <DeliveryItem
                key={d.id}
                d={d}
                busy={again.isPending && again.variables === d.id}
                onRedeliver={() =>
                  again.mutate(d.id, { onError: (e) => toast.error('Could not redeliver', e.message) })
                }
                canSend={hook.enabled}
              />
            ))}
          </ul>
        )}
      </QueryView>
    </Card>
  );
}

function DeliveryItem({
  d,
  busy,
  canSend,
  onRedeliver,
}: {
  d: Delivery;
  busy: boolean;
  canSend: boolean;
  onRedeliver: () => void;
}) {
  return (
    <li className="px-4 py-3 sm:px-5">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-medium text-slate-900">{eventLabel(d.event)}</span>
          <DeliveryBadge d={d} />
          <span className="text-xs text-slate-500" title={fmtTime(d.created)}>
            {relative(d.created)}
          </span>
        </div>
        <Button
          size="sm"
          variant="secondary"
          loading={busy}
          disabled={!canSend}
          onClick={onRedeliver}
          aria-label={`Redeliver ${eventLabel(d.event)} ${d.messageId}`}
        >
          Redeliver
        </Button>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600">
          {d.attempts.length} {d.attempts.length === 1 ? 'attempt' : 'attempts'} · id{' '}
          <span className="font-mono text-xs">{d.messageId}</span>
        </summary>
        <ol className="mt-2 space-y-2">
          {d.attempts.map((a, i) => (
            <li key={i} className="rounded-md border border-slate-200 bg-slate-50 p-2">
              <p className="text-slate-800">
                {fmtTime(a.at)} · {a.statusCode !== null ? `HTTP ${a.statusCode}` : 'no answer'} · {a.durationMs} ms
              </p>
              {a.error ? <p className="text-red-800">{a.error}</p> : null}
              {a.responseExcerpt ? (
                <pre className="mt-1 max-h-32 overflow-auto whitespace-pre-wrap break-all text-xs text-slate-600">
                  {a.responseExcerpt}
                </pre>
              ) : null}
            </li>
          ))}
        </ol>
        <p className="mt-2 text-xs font-medium text-slate-700">Payload</p>
        <pre className="mt-1 max-h-48 overflow-auto rounded-md bg-slate-900 p-2 text-xs text-slate-100">
          {JSON.stringify(d.payload, null, 2)}
        </pre>
      </details>
    </li>
  );
}
