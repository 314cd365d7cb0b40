'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LockdownSchema } from '@/lib/domain/lockdown/schemas';
import { apiFetch } from './api';
import { deviceKeys } from './devices';
import { lockdownKeys } from './organization-keys';

/** Lockdowns of an organization, through /api/v37/organization/{id}/lockdowns (issue 35). */

export type Lockdown = z.infer<typeof LockdownSchema>;

export { lockdownKeys };

/**
 * The active lockdowns, for the banner of every page: asked again every 10 s while the page is
 * open (another administrator, in another process, may start or lift one), and while locks are
 * still confirming every 3 s so the count moves as they do.
 */
export function useActiveLockdowns(orgId: number | undefined) {
  return useQuery({
    queryKey: lockdownKeys.active(orgId ?? 0),
    queryFn: () => apiFetch<Lockdown[]>(`/organization/${orgId}/lockdowns`, { query: { active: true } }),
    enabled: !!orgId,
    refetchInterval: (q) => (q.state.data?.some((l) => l.locks.locked < l.locks.total) ? 3_000 : 10_000),
  });
}

/** Active lockdowns first, then those lifted in the last 30 days. */
export function useLockdowns(orgId: number) {
  return useQuery({
    queryKey: lockdownKeys.recent(orgId),
    queryFn: () => apiFetch<Lockdown[]>(`/organization/${orgId}/lockdowns`),
    refetchInterval: (q) => (q.state.data?.some((l) => !l.liftedAt && l.locks.locked < l.locks.total) ? 3_000 : 15_000),
  });
}

export interface StartLockdown {
  siteId: number | null;
  reason: string;
  exemptUserIds: string[];
}

function useInvalidate(orgId: number) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: lockdownKeys.all(orgId) }),
      // what a door may do changes with it
      qc.invalidateQueries({ queryKey: deviceKeys.all }),
    ]);
}

export function useStartLockdown(orgId: number) {
  const done = useInvalidate(orgId);
  return useMutation({
    mutationFn: (body: StartLockdown) =>
      apiFetch<Lockdown>(`/organization/${orgId}/lockdowns`, { method: 'POST', body }),
    onSuccess: done,
  });
}

export function useLiftLockdown(orgId: number) {
  const done = useInvalidate(orgId);
  return useMutation({
    mutationFn: (id: string) => apiFetch<Lockdown>(`/organization/${orgId}/lockdowns/${id}/lift`, { method: 'POST' }),
    onSuccess: done,
  });
}
