'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditItem } from '@/lib/shared/audit/words';
import { apiFetch, apiUrl } from './api';

export type { AuditItem };

export interface AuditFilters {
  actions?: string[];
  /** UTC ISO: entries at or after */
  from?: string;
  /** UTC ISO: entries before */
  to?: string;
  deviceId?: number;
  /** an e-mail: what the person did and what was done to them */
  person?: string;
  /** one site (issue 35): entries about its devices and about the site itself */
  siteId?: number;
}

const PAGE = 50;

const filterQuery = (f: AuditFilters) => ({
  action: f.actions,
  dateFrom: f.from,
  deviceId: f.deviceId,
  person: f.person,
  siteId: f.siteId,
});

/** The organization's audit log, newest first, one page per step on the (date, id) cursor. */
export function useAuditLog(organizationId: number, f: AuditFilters) {
  return useInfiniteQuery({
    queryKey: ['audit', organizationId, f],
    initialPageParam: null as { date: string; id: number } | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<AuditItem[]>(`/organization/${organizationId}/audit`, {
        query: {
          elements: PAGE,
          ...filterQuery(f),
          lastElemDate: pageParam?.date ?? f.to,
          lastElemId: pageParam?.id,
        },
        signal,
      }),
    getNextPageParam: (last) =>
      last.length < PAGE ? undefined : { date: last[last.length - 1].date, id: last[last.length - 1].id },
  });
}

/** The address of the CSV of the same entries (the browser downloads it with the session cookie). */
export const auditCsvUrl = (organizationId: number, f: AuditFilters) =>
  apiUrl(`/organization/${organizationId}/audit/export`, { ...filterQuery(f), lastElemDate: f.to });
