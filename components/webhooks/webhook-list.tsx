'use client';

import { RowAction } from '@/components/ui';
import type { Webhook } from '@/lib/client/webhooks';
import { relative } from '@/lib/shared/time-text';
import { eventLabel } from './format';
import { WebhookBadges } from './status';

export interface WebhookListProps {
  hooks: Webhook[];
  selected: string | null;
  busyId: string | null;
  onDeliveries: (h: Webhook) => void;
  onEdit: (h: Webhook) => void;
  onToggle: (h: Webhook) => void;
  onDelete: (h: Webhook) => void;
}

/** One card-like row per webhook: works the same on a desk and on a phone. */
export function WebhookList({ hooks, selected, busyId, onDeliveries, onEdit, onToggle, onDelete }: WebhookListProps) {
  return (
    <ul className="divide-y divide-slate-200" aria-label="Webhooks">
      {hooks.map((h) => (
        <li key={h.id} className={selected === h.id ? 'bg-indigo-50/50 px-4 py-4 sm:px-5' : 'px-4 py-4 sm:px-5'}>
          <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
            <div className="min-w-0 space-y-1.5">
              <p className="break-all font-mono text-sm text-slate-900">{h.url}</p>
              <WebhookBadges hook={h} />
              <p className="text-sm text-slate-600">
                <span className="sr-only">Events: </span>
                {h.events.map(eventLabel).join(' · ')}
              </p>
              {h.disabledReason ? <p className="text-sm text-red-800">{h.disabledReason}</p> : null}
              <p className="text-xs text-slate-500">
                {h.lastSuccessAt ? `Last delivered ${relative(h.lastSuccessAt)}` : 'Nothing delivered yet'}
                {h.lastFailureAt ? ` · last failure ${relative(h.lastFailureAt)}` : ''}
              </p>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              <RowAction
                action="Deliveries"
                of={h.url}
                label={`Deliveries of ${h.url}`}
                variant={selected === h.id ? 'primary' : 'secondary'}
                onClick={() => onDeliveries(h)}
                aria-pressed={selected === h.id}
              />
              <RowAction action="Edit" of={h.url} onClick={() => onEdit(h)} />
              <RowAction
                action={h.enabled ? 'Disable' : 'Enable'}
                of={h.url}
                loading={busyId === h.id}
                onClick={() => onToggle(h)}
              />
              <RowAction action="Delete" of={h.url} danger onClick={() => onDelete(h)} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
