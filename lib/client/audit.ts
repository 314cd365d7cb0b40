'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditItem } from '@/lib/domain/audit/list';
import { apiFetch } from './api';

export type { AuditItem };

export interface AuditFilters {
  actions?: string[];
  from?: string;
  to?: string;
}

const PAGE = 50;

/** The organization's audit log, newest first, one page per step on the (date, id) cursor. */
export function useAuditLog(organizationId: number, f: AuditFilters) {
  return useInfiniteQuery({
    queryKey: ['audit', organizationId, f.actions?.join(',') ?? '', f.from ?? '', f.to ?? ''],
    initialPageParam: null as { date: string; id: number } | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<AuditItem[]>(`/organization/${organizationId}/audit`, {
        query: { elements: PAGE, action: f.actions, dateFrom: f.from, lastElemDate: pageParam?.date ?? f.to, lastElemId: pageParam?.id },
        signal,
      }),
    getNextPageParam: (last) => (last.length < PAGE ? undefined : { date: last[last.length - 1].date, id: last[last.length - 1].id }),
  });
}
