'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccessLinkWithUrl,
  AssignableDevice,
  GuestLinkView,
  GuestPage,
  LinkDevice,
  LinkHistoryEntry,
  LinkOperation,
} from '@/lib/domain/accesslinks/schemas';
import type { z } from 'zod';
import type { updateBody } from '@/app/api/v37/organization/[organizationId]/accesslink/input';
import { apiFetch } from './api';

/** Access links: the administrators' hooks (portal) and the guest's (public page). */

// the shapes the API answers, from the schemas its OpenAPI document is made of (written once)
export type { AssignableDevice, GuestLinkView, GuestPage, LinkDevice, LinkHistoryEntry };
/** accessLinkUrl is null when the server can no longer read the link's token (its secret changed) */
export type AccessLink = AccessLinkWithUrl;
/** Tedee's RepeatEvent as a link answers it: the dates and, optionally, weekdays and a daily window. */
export type RepeatEvent = NonNullable<AccessLink['repeatEvent']>;
/** What create and update take, as the routes' schema reads it (written once, beside the routes). */
export type LinkInput = z.input<typeof updateBody>;

const base = (orgId: number) => `/organization/${orgId}/accesslink`;
export const linkKeys = {
  all: (orgId: number) => ['accesslinks', orgId] as const,
  list: (orgId: number, q: object) => ['accesslinks', orgId, 'list', q] as const,
  one: (orgId: number, id: string) => ['accesslinks', orgId, 'one', id] as const,
  assignable: (orgId: number, q: object) => ['accesslinks', orgId, 'assignable', q] as const,
  history: (orgId: number, id: string, q: object) => ['accesslinks', orgId, 'history', id, q] as const,
};

export function useAccessLinks(orgId: number, q: { page: number; itemsPerPage: number; name?: string }) {
  return useQuery({
    queryKey: linkKeys.list(orgId, q),
    queryFn: () =>
      apiFetch<{ items: AccessLink[]; page: number; itemsPerPage: number }>(base(orgId), {
        query: { page: q.page, itemsPerPage: q.itemsPerPage, 'filters.LinkName': q.name },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAccessLink(orgId: number, id: string | null) {
  return useQuery({
    queryKey: linkKeys.one(orgId, id ?? ''),
    queryFn: () =>
      apiFetch<{ accessLink: Omit<AccessLink, 'accessLinkUrl'>; accessLinkUrl: string | null }>(`${base(orgId)}/${id}`),
    enabled: !!id,
  });
}

export function useAssignableDevices(orgId: number, q: { name?: string }) {
  return useQuery({
    queryKey: linkKeys.assignable(orgId, q),
    queryFn: () =>
      apiFetch<{ accessLinkDevices: AssignableDevice[] }>(`${base(orgId)}/device/assignable`, {
        query: { itemsPerPage: 100, 'filters.DeviceName': q.name },
      }),
    placeholderData: keepPreviousData,
  });
}

/** The link's history, newest first; polls while an open is still with the device. */
export function useLinkHistory(orgId: number, id: string | null, q: { page: number; itemsPerPage: number }) {
  return useQuery({
    queryKey: linkKeys.history(orgId, id ?? '', q),
    queryFn: () =>
      apiFetch<{ items: LinkHistoryEntry[]; page: number; itemsPerPage: number }>(`${base(orgId)}/${id}/history`, {
        query: q,
      }),
    enabled: !!id,
    placeholderData: keepPreviousData,
    // guests use a link outside this page: every opening of the history reads it afresh
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: (query) => (query.state.data?.items.some((i) => i.result === 'pending') ? 1500 : false),
  });
}

function useInvalidate(orgId: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: linkKeys.all(orgId) });
}

export function useCreateLink(orgId: number) {
  const done = useInvalidate(orgId);
  return useMutation({
    mutationFn: (body: LinkInput) => apiFetch<{ id: string; url: string }>(base(orgId), { method: 'POST', body }),
    onSuccess: done,
  });
}

export function useUpdateLink(orgId: number) {
  const done = useInvalidate(orgId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: LinkInput }) =>
      apiFetch<null>(`${base(orgId)}/${id}`, { method: 'PATCH', body }),
    onSuccess: done,
  });
}

export function useDeleteLink(orgId: number) {
  const done = useInvalidate(orgId);
  return useMutation({
    mutationFn: (id: string) => apiFetch<null>(`${base(orgId)}/${id}`, { method: 'DELETE' }),
    onSuccess: done,
  });
}

/** Mails the link to a guest (the server queues the mail; 429 past the sender's hourly budget). */
export function useSendLink(orgId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, email, message }: { id: string; email: string; message?: string }) =>
      apiFetch<{ email: string }>(`${base(orgId)}/${id}/send`, { method: 'POST', body: { email, message } }),
    // the audit log gained an entry
    onSuccess: () => qc.invalidateQueries({ queryKey: ['audit', orgId] }),
  });
}

/* ---- the guest page ---- */

export type GuestOperation = LinkOperation;

/**
 * What the guest's page shows (the link, or whose it is and when it starts outside its window). The
 * token is read from the page's address, so it is null until the page runs in the browser.
 */
export function useGuestPage(token: string | null) {
  return useQuery({
    queryKey: ['link-page', token],
    queryFn: () => apiFetch<GuestPage>(`/link/${encodeURIComponent(token ?? '')}/page`),
    enabled: token !== null,
  });
}

/** Opens a device through the link; the answer is the operation to follow. */
export function useGuestOpen(token: string) {
  return useMutation({
    mutationFn: (deviceId: number) =>
      apiFetch<GuestOperation>(`/link/${token}/device/${deviceId}/open`, { method: 'POST' }),
  });
}

/** Follows an operation until the device answered (polls while pending). */
export function useGuestOperation(token: string, operationId: string | null) {
  return useQuery({
    queryKey: ['link-operation', operationId],
    queryFn: () => apiFetch<GuestOperation>(`/link/${token}/operation/${operationId}`),
    enabled: !!operationId,
    refetchInterval: (q) => (q.state.data?.status === 'COMPLETED' || q.state.error ? false : 700),
    retry: false,
  });
}
