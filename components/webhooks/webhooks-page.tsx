'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { Button, Card, Dialog, EmptyState, PageHeader, QueryView, useToast, ConfirmItemDialog } from '@/components/ui';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useUpdateWebhook,
  useWebhooks,
  type NewWebhook,
  type Webhook,
  type WebhookOwner,
} from '@/lib/client/webhooks';
import { DeliveriesCard } from './deliveries-card';
import { OwnerSelect } from './owner-select';
import { SecretPanel } from './secret-panel';
import { WebhookDialog } from './webhook-form';
import { WebhookList } from './webhook-list';

/** Settings > Webhooks: signed HTTP notifications of device events, with their delivery log. */
export function WebhooksPage() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const orgId = Number(params.get('org'));
  const owner: WebhookOwner = orgId > 0 ? { kind: 'org', id: orgId } : { kind: 'me' };
  const selectedId = params.get('webhook');
  // owner and selection live in the URL: shareable, and the back button works
  const go = (next: { org?: number | null; webhook?: string | null }) => {
    const q = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) q.set(k, String(v));
      else q.delete(k);
    }
    router.replace(`${pathname}${q.size ? `?${q}` : ''}`, { scroll: false });
  };

  const hooks = useWebhooks(owner);
  const create = useCreateWebhook(owner);
  const update = useUpdateWebhook(owner);
  const remove = useDeleteWebhook(owner);
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<NewWebhook | null>(null);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);

  const all = hooks.data ?? [];
  const selected = all.find((h) => h.id === selectedId) ?? null;
  const openCreate = () => {
    create.reset();
    setCreating(true);
  };
  const newButton = <Button onClick={openCreate}>Create webhook</Button>;
  const toggle = (h: Webhook) =>
    update.mutate(
      { id: h.id, enabled: !h.enabled },
      {
        onSuccess: (w) => toast.success(w.enabled ? 'Webhook enabled' : 'Webhook disabled', w.url),
        onError: (e) => toast.error('Could not change the webhook', e.message),
      },
    );

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Your endpoint gets a signed HTTP POST when a device's battery, connection, settings or lock status changes, or its bell is pressed. Failed deliveries are retried for about a day."
        actions={all.length ? newButton : null}
      />
      <OwnerSelect owner={owner} onChange={(o) => go({ org: o.kind === 'org' ? o.id : null, webhook: null })} />
      <Card flush>
        <QueryView query={hooks} loading={{ rows: 3, label: 'Loading webhooks' }}>
          {() =>
            !all.length ? (
              <EmptyState
                title="No webhooks yet"
                text="Create one to have device events sent to your server, home automation or chat bot as they happen."
                action={newButton}
              />
            ) : (
              <WebhookList
                hooks={all}
                selected={selected?.id ?? null}
                busyId={
                  update.isPending && update.variables.enabled !== undefined && !editing ? update.variables.id : null
                }
                onDeliveries={(h) => go({ webhook: selected?.id === h.id ? null : h.id })}
                onEdit={(h) => {
                  update.reset();
                  setEditing(h);
                }}
                onToggle={toggle}
                onDelete={setDeleting}
              />
            )
          }
        </QueryView>
      </Card>
      {selected ? (
        <DeliveriesCard key={selected.id} owner={owner} hook={selected} onClose={() => go({ webhook: null })} />
      ) : null}

      <WebhookDialog
        open={creating}
        title="Create a webhook"
        onClose={() => setCreating(false)}
        onSubmit={async (input) => setCreated(await create.mutateAsync(input))}
      />
      <Dialog
        open={!!created}
        onClose={() => setCreated(null)}
        title="Your webhook's signing secret"
        size="lg"
        dismissable={false}
      >
        {created ? <SecretPanel url={created.url} secret={created.secret} onDone={() => setCreated(null)} /> : null}
      </Dialog>
      <WebhookDialog
        key={editing?.id ?? 'none'}
        open={!!editing}
        title="Edit webhook"
        initial={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={async (input) => {
          await update.mutateAsync({ id: editing!.id, ...input });
          toast.success('Webhook saved');
        }}
      />
      <ConfirmItemDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title={() => 'Delete this webhook?'}
        message={(w) =>
          `Events stop going to ${w.url} at once, and its delivery log is deleted. This cannot be undone.`
        }
        confirmLabel="Delete webhook"
        onConfirm={async (w) => {
          await remove.mutateAsync(w.id);
          if (selected?.id === w.id) go({ webhook: null });
          toast.success('Webhook deleted');
        }}
      />
    </>
  );
}
