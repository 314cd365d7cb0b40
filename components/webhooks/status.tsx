import { Badge } from '@/components/ui';
import type { Delivery, Webhook } from '@/lib/client/webhooks';
import { relative } from '@/lib/shared/time-text';

/** Health of a webhook in words: enabled or not, failing or not (never by color alone). */
export function WebhookBadges({ hook }: { hook: Webhook }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      {hook.enabled ? <Badge tone="ok">Enabled</Badge> : <Badge tone="neutral">Disabled</Badge>}
      {hook.failing ? (
        <Badge tone="problem" title={hook.lastFailureAt ? `Last failure ${relative(hook.lastFailureAt)}` : undefined}>
          Failing: {hook.consecutiveFailures} failed attempts in a row
        </Badge>
      ) : null}
    </span>
  );
}

export function DeliveryBadge({ d }: { d: Delivery }) {
  switch (d.status) {
    case 'delivered':
      return <Badge tone="ok">Delivered</Badge>;
    case 'failed':
      return <Badge tone="problem">Failed after {d.attemptCount} attempts</Badge>;
    case 'gone':
      return <Badge tone="problem">Stopped: endpoint answered 410 Gone</Badge>;
    default:
      return d.attemptCount === 0 ? (
        <Badge tone="neutral">Queued</Badge>
      ) : (
        <Badge tone="warning">
          Retrying{d.nextAttemptAt ? `, next attempt ${relative(d.nextAttemptAt, Date.now(), { seconds: true })}` : ''}
        </Badge>
      );
  }
}
