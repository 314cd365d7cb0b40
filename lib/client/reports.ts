'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReportSubscriptionSchema, SiteReportSchema } from '@/lib/domain/reports/schemas';
import { apiFetch } from './api';

/** A site's scheduled reports, through /api/v37/organization/{id}/sites/{siteId}/reports (issue 35). */

export type ReportSubscription = z.infer<typeof ReportSubscriptionSchema>;
export type SiteReport = z.infer<typeof SiteReportSchema>;
export type Frequency = ReportSubscription['frequency'];

const keys = {
  mine: (orgId: number, siteId: number) => ['organizations', orgId, 'sites', siteId, 'reports'] as const,
  last: (orgId: number, siteId: number, f: Frequency) =>
    ['organizations', orgId, 'sites', siteId, 'reports', 'last', f] as const,
};

const base = (orgId: number, siteId: number) => `/organization/${orgId}/sites/${siteId}/reports`;

export function useMyReports(orgId: number, siteId: number | null) {
  return useQuery({
    queryKey: keys.mine(orgId, siteId ?? 0),
    queryFn: () => apiFetch<ReportSubscription[]>(base(orgId, siteId!)),
    enabled: siteId !== null,
  });
}

export function useLastReport(orgId: number, siteId: number | null, frequency: Frequency) {
  return useQuery({
    queryKey: keys.last(orgId, siteId ?? 0, frequency),
    queryFn: () => apiFetch<SiteReport>(`${base(orgId, siteId!)}/last`, { query: { frequency } }),
    enabled: siteId !== null,
    staleTime: 60_000,
  });
}

export function useSubscribeReport(orgId: number, siteId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { frequency: Frequency; hour: number }) =>
      apiFetch<ReportSubscription>(base(orgId, siteId), { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.mine(orgId, siteId) }),
  });
}

export function useUnsubscribeReport(orgId: number, siteId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`${base(orgId, siteId)}/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.mine(orgId, siteId) }),
  });
}
