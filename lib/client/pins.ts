'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from './api';

/** Lock PINs: the portal's hooks over /api/v37/my/lock/{id}/pin. */

// the shapes the API answers, from the schemas its OpenAPI document is made of (written once)
import type { PinDetail, PinList as DomainPinList, PinWithSchedule } from '@/lib/domain/pins/schemas';
export type { PinDetail };
/** The portal always reads the list with includeSchedule=true. */
export type PinListItem = PinWithSchedule;
/** The list as the portal reads it (with schedules): the domain's PinList, each PIN whole. */
export type PinList = Omit<DomainPinList, 'pins'> & { pins: PinListItem[] };
/** Body of create and update: PUT replaces the whole PIN, so the form always sends every field. */
export type PinWrite = Omit<PinDetail, 'id' | 'timeZone'>;

const base = (lockId: number) => `/my/lock/${lockId}/pin`;
export const pinKeys = {
  all: (lockId: number) => ['pins', lockId] as const,
  list: (lockId: number) => ['pins', lockId, 'list'] as const,
  one: (lockId: number, pinId: number) => ['pins', lockId, 'one', pinId] as const,
};

export function usePins(lockId: number) {
  return useQuery({
    queryKey: pinKeys.list(lockId),
    queryFn: () => apiFetch<PinList>(base(lockId), { query: { includeSchedule: true } }),
  });
}

export function usePin(lockId: number, pinId: number | null) {
  return useQuery({
    queryKey: pinKeys.one(lockId, pinId ?? 0),
    queryFn: () => apiFetch<PinDetail>(`${base(lockId)}/${pinId}`),
    enabled: pinId !== null,
  });
}

/** Every write changes the list (and its version): refetch the lock's PIN queries afterwards. */
function useInvalidate(lockId: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: pinKeys.all(lockId) });
}

export function useCreatePin(lockId: number) {
  const invalidate = useInvalidate(lockId);
  return useMutation({
    mutationFn: (body: PinWrite) => apiFetch<{ id: number }>(base(lockId), { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdatePin(lockId: number) {
  const invalidate = useInvalidate(lockId);
  return useMutation({
    mutationFn: ({ id, ...body }: PinWrite & { id: number }) =>
      apiFetch<null>(`${base(lockId)}/${id}`, { method: 'PUT', body }),
    onSettled: invalidate, // a 404 means someone else removed it: refresh either way
  });
}

export function useDeletePin(lockId: number) {
  const qc = useQueryClient();
  const invalidate = useInvalidate(lockId);
  return useMutation({
    mutationFn: (id: number) => apiFetch<null>(`${base(lockId)}/${id}`, { method: 'DELETE' }),
    // drop the deleted PIN's detail first, so the refresh does not ask for it (a 404) again
    onSuccess: (_r, id) => qc.removeQueries({ queryKey: pinKeys.one(lockId, id) }),
    onSettled: invalidate,
  });
}

/** Device statuses: the lock refused or did not answer, and the service kept everything as it was. */
const DEVICE_STATUSES = new Set([408, 409, 428]);

/**
 * The message to show for a failed PIN request: the server's own words (they name the broken rule,
 * the duplicate, the full lock...), plus what it means for the person at the form.
 */
export function pinErrorMessage(e: unknown): string {
  if (!(e instanceof ApiError)) return 'Could not reach the server. Check your connection and try again.';
  const server = e.messages.join(' ');
  if (DEVICE_STATUSES.has(e.status)) return `${server} Nothing was changed.`;
  if (e.status === 404) return `${server} It may have been removed meanwhile; the list has been refreshed.`;
  return server;
}
