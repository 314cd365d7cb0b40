'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessRecord } from '@/lib/domain/access/records';
import type { GrantResult } from '@/lib/domain/access/schemas';
import type { z } from 'zod';
import type { grantBody, updateBody } from '@/app/api/v37/my/device/[deviceId]/access/schema';
import { apiFetch } from './api';

/** Device access record (api-v37.md): the domain's own type, so the two cannot drift apart. */
export type { AccessRecord };

/** What the portal sends, as the route's schemas read it (written once, beside the route). */
export type GrantBody = z.input<typeof grantBody>;
export type AccessChange = z.input<typeof updateBody>;
export type ScheduleBody = Pick<GrantBody, 'startDate' | 'endDate' | 'dayStartTime' | 'dayEndTime' | 'weekDays'>;

/** The flat grant result, from the schema the OpenAPI document shows (written once). */
export type { GrantResult };

export const accessKeys = {
  list: (deviceId: number, text?: string) => ['device-access', deviceId, text ?? ''] as const,
  device: (deviceId: number) => ['device-access', deviceId] as const,
  groups: (orgId: number) => ['org-groups-for-sharing', orgId] as const,
};

export function useAccessList(deviceId: number, text?: string) {
  return useQuery({
    queryKey: accessKeys.list(deviceId, text),
    queryFn: ({ signal }) =>
      apiFetch<AccessRecord[]>(`/my/device/${deviceId}/access`, { query: { 'Filters.Text': text }, signal }),
  });
}

function useInvalidate(deviceId: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: accessKeys.device(deviceId) });
}

export function useGrantAccess(deviceId: number) {
  const invalidate = useInvalidate(deviceId);
  return useMutation({
    mutationFn: (body: GrantBody) => apiFetch<GrantResult>(`/my/device/${deviceId}/access`, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdateAccess(deviceId: number) {
  const invalidate = useInvalidate(deviceId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AccessChange }) =>
      apiFetch<null>(`/my/device/${deviceId}/access/${id}`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useRevokeAccess(deviceId: number) {
  const invalidate = useInvalidate(deviceId);
  return useMutation({
    mutationFn: (id: string) => apiFetch<null>(`/my/device/${deviceId}/access/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** A pending access's invitation mailed again: a new link, the former one dead. */
export function useResendInvitation(deviceId: number) {
  const invalidate = useInvalidate(deviceId);
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ id: string; userEmail: string; expiresAt: string }>(`/my/device/${deviceId}/access/${id}/resend`, {
        method: 'POST',
      }),
    onSuccess: invalidate,
  });
}

/** Groups of the device's organization to pick from; fails (404/403) for callers outside it. */
export function useOrgGroups(organizationId: number | null) {
  return useQuery({
    queryKey: accessKeys.groups(organizationId ?? 0),
    enabled: organizationId !== null,
    retry: false,
    queryFn: ({ signal }) =>
      apiFetch<{ id: string; name: string }[]>(`/organization/${organizationId}/user-groups`, {
        query: { itemsPerPage: 100 },
        signal,
      }),
  });
}

/** Members of a group that has access (who gets in through it); fails for callers outside the organization. */
export function useGroupMembers(organizationId: number | null, groupId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['group-members-for-sharing', organizationId ?? 0, groupId],
    enabled: enabled && organizationId !== null,
    retry: false,
    queryFn: ({ signal }) =>
      apiFetch<{ members: { displayName: string; email: string }[] | null }>(
        `/organization/${organizationId}/user-groups/${groupId}`,
        {
          query: { includeMembers: true },
          signal,
        },
      ),
  });
}
