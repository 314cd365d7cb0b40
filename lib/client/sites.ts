'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Site } from '@/lib/domain/sites/schemas';
import { apiFetch } from './api';
import { deviceKeys } from './devices';
import { SITES_PAGE, siteKeys } from './organization-keys';

/** Sites (buildings) of an organization, through /api/v37/organization/{id}/sites (issue 35). */

export type { Site };
export interface SiteFields {
  name: string;
  address: string | null;
  timeZone: string;
}

export { siteKeys };

/** One page of the organization's sites by name (`text`: part of the name or address). */
export function useSites(orgId: number | undefined, q: { page: number; itemsPerPage: number; text?: string }) {
  return useQuery({
    queryKey: siteKeys.list(orgId ?? 0, q),
    queryFn: () =>
      apiFetch<Site[]>(`/organization/${orgId}/sites`, {
        query: { page: q.page, itemsPerPage: q.itemsPerPage, 'filters.text': q.text },
      }),
    enabled: !!orgId,
    placeholderData: keepPreviousData,
  });
}

const PAGE = SITES_PAGE; // the most the API gives per page

/**
 * Every site of the organization (for pickers and names beside devices): the pages of 100 in turn
 * until one comes back short. Off without an organization (a guest outside it reads no sites).
 */
export function useAllSites(orgId: number | undefined) {
  return useQuery({
    queryKey: siteKeys.every(orgId ?? 0),
    queryFn: async ({ signal }) => {
      const all: Site[] = [];
      for (let page = 1; ; page++) {
        const got = await apiFetch<Site[]>(`/organization/${orgId}/sites`, {
          query: { page, itemsPerPage: PAGE },
          signal,
        });
        all.push(...got);
        if (got.length < PAGE) return all;
      }
    },
    enabled: !!orgId,
    staleTime: 60_000,
  });
}

/** After a change of sites: every list of them; `devices` too when devices changed site. */
function useInvalidateSites(orgId: number, devices = false) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: siteKeys.all(orgId) }),
      devices ? qc.invalidateQueries({ queryKey: deviceKeys.all }) : null,
    ]);
}

export function useCreateSite(orgId: number) {
  const done = useInvalidateSites(orgId);
  return useMutation({
    mutationFn: (body: SiteFields) => apiFetch<Site>(`/organization/${orgId}/sites`, { method: 'POST', body }),
    onSuccess: done,
  });
}

/** PATCH sends only what changed; the answer is 204. */
export function useUpdateSite(orgId: number) {
  const done = useInvalidateSites(orgId);
  return useMutation({
    mutationFn: ({ id, ...body }: Partial<SiteFields> & { id: number }) =>
      apiFetch<null>(`/organization/${orgId}/sites/${id}`, { method: 'PATCH', body }),
    onSuccess: done,
  });
}

/** 409 (in the server's words) while the site still has devices. */
export function useDeleteSite(orgId: number) {
  const done = useInvalidateSites(orgId);
  return useMutation({
    mutationFn: (id: number) => apiFetch<null>(`/organization/${orgId}/sites/${id}`, { method: 'DELETE' }),
    onSuccess: done,
  });
}

/** Moves devices into a site, all or none; each device's `siteId` changes, so device reads are refreshed. */
export function useMoveDevices(orgId: number) {
  const done = useInvalidateSites(orgId, true);
  return useMutation({
    mutationFn: ({ siteId, deviceIds }: { siteId: number; deviceIds: number[] }) =>
      apiFetch<null>(`/organization/${orgId}/sites/${siteId}/devices`, { method: 'POST', body: { deviceIds } }),
    onSuccess: done,
  });
}
