'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryAttempt, Webhook, WebhookCreated, WebhookDelivery } from '@/lib/domain/webhooks/schemas';
import type { z } from 'zod';
import type { updateBody } from '@/lib/domain/webhooks/input';
import { apiFetch } from './api';

/** Webhooks: the portal's hooks over /api/v37/my/webhook and /api/v37/organization/{id}/webhook. */

// the shapes the API answers, from the schemas its OpenAPI document is made of (written once)
export type { Webhook };
/** secret: shown once, at creation */
export type NewWebhook = WebhookCreated;
export type Attempt = DeliveryAttempt;
export type Delivery = WebhookDelivery;
export type DeliveryStatus = WebhookDelivery['status'];
/** What create and update take, as the routes' schemas read them (lib/domain/webhooks/input.ts). */
export type WebhookInput = z.input<typeof updateBody>;

/** Whose webhooks: the signed-in user's, or an organization's (its administrators manage them). */
export type WebhookOwner = { kind: 'me' } | { kind: 'org'; id: number };
export const ownerPath = (o: WebhookOwner) => (o.kind === 'me' ? '/my/webhook' : `/organization/${o.id}/webhook`);

const key = (o: WebhookOwner) => ['webhooks', o.kind === 'me' ? 'me' : o.id] as const;
export const webhookKeys = {
  list: key,
  deliveries: (o: WebhookOwner, id: string) => [...key(o), id, 'deliveries'] as const,
};

export function useWebhooks(owner: WebhookOwner) {
  return useQuery({ queryKey: webhookKeys.list(owner), queryFn: () => apiFetch<Webhook[]>(ownerPath(owner)) });
}

export function useCreateWebhook(owner: WebhookOwner) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: Required<Pick<WebhookInput, 'url' | 'events'>>) =>
      apiFetch<NewWebhook>(ownerPath(owner), { method: 'POST', body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.list(owner) }),
  });
}

export function useUpdateWebhook(owner: WebhookOwner) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: WebhookInput & { id: string }) =>
      apiFetch<Webhook>(`${ownerPath(owner)}/${id}`, { method: 'PATCH', body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.list(owner) }),
  });
}

export function useDeleteWebhook(owner: WebhookOwner) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<null>(`${ownerPath(owner)}/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.list(owner) }),
  });
}

/** Recent deliveries; polls while one is still being retried, so outcomes appear by themselves. */
export function useDeliveries(owner: WebhookOwner, id: string | null) {
  return useQuery({
    queryKey: webhookKeys.deliveries(owner, id ?? ''),
    queryFn: () => apiFetch<Delivery[]>(`${ownerPath(owner)}/${id}/delivery`, { query: { itemsPerPage: 25 } }),
    enabled: !!id,
    refetchInterval: (q) => (q.state.data?.some((d) => d.status === 'pending') ? 5000 : false),
  });
}

function useDeliveryAction(owner: WebhookOwner, id: string, path: (x: number | null) => string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number | null) => apiFetch<Delivery>(path(deliveryId), { method: 'POST' }),
    onSettled: () => {
      qc.invalidateQueries({ queryKey: webhookKeys.deliveries(owner, id) });
      qc.invalidateQueries({ queryKey: webhookKeys.list(owner) });
    },
  });
}

/** Sends a `webhook-test` event now; the answer is the delivery with its first attempt. */
export const useSendTest = (owner: WebhookOwner, id: string) =>
  useDeliveryAction(owner, id, () => `${ownerPath(owner)}/${id}/test`);

/** Sends a delivery again now, with the same webhook-id. */
export const useRedeliver = (owner: WebhookOwner, id: string) =>
  useDeliveryAction(owner, id, (deliveryId) => `${ownerPath(owner)}/${id}/delivery/${deliveryId}/redeliver`);
