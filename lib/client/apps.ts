'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppRegistered, ConnectedApp, DeveloperApp } from '@/lib/domain/apps/schemas';
import { apiFetch } from './api';

/** Third-party apps: Settings > Connected apps (/my/connectedapp) and Settings > Developer (/my/oauthclient). */
export type { AppRegistered, ConnectedApp, DeveloperApp };
export type NewAppInput = { name: string; redirectUris: string[]; logo?: string | null; isPublic?: boolean };

export const appKeys = { connected: ['connected-apps'] as const, developer: ['developer-apps'] as const };

export function useConnectedApps() {
  return useQuery({ queryKey: appKeys.connected, queryFn: () => apiFetch<ConnectedApp[]>('/my/connectedapp') });
}

export function useDisconnectApp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => apiFetch<null>(`/my/connectedapp/${clientId}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: appKeys.connected }),
  });
}

export function useDeveloperApps() {
  return useQuery({ queryKey: appKeys.developer, queryFn: () => apiFetch<DeveloperApp[]>('/my/oauthclient') });
}

export function useRegisterApp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: NewAppInput) => apiFetch<AppRegistered>('/my/oauthclient', { method: 'POST', body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: appKeys.developer }),
  });
}

export function useDeleteApp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => apiFetch<null>(`/my/oauthclient/${clientId}`, { method: 'DELETE' }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: appKeys.developer });
      qc.invalidateQueries({ queryKey: appKeys.connected });
    },
  });
}
