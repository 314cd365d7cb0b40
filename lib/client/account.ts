'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessKey } from '@/lib/domain/account/schemas';
import type { z } from 'zod';
import type { newKeyBody } from '@/app/api/v37/my/personalaccesskey/body';
import { apiFetch } from './api';

/** Personal access keys: the portal's hooks over /api/v37/my/personalaccesskey. */

// the shape the API answers, from the schema its OpenAPI document is made of (written once)
export type { AccessKey };
export type KeyStatus = AccessKey['status'];

/** What POST /my/personalaccesskey takes, as the route's schema reads it. */
export type NewKeyInput = z.input<typeof newKeyBody>;

const PATH = '/my/personalaccesskey';
export const accessKeyKeys = { list: ['access-keys'] as const };

export function useAccessKeys() {
  return useQuery({ queryKey: accessKeyKeys.list, queryFn: () => apiFetch<AccessKey[]>(PATH) });
}

export function useCreateKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: NewKeyInput) => apiFetch<{ id: string; key: string }>(PATH, { method: 'POST', body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: accessKeyKeys.list }),
  });
}

export function useRevokeKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<null>(`${PATH}/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: accessKeyKeys.list }),
  });
}

/** Settings > Security: the password asked again, changed; every session ended. */
export function useReauthenticate() {
  return useMutation({
    mutationFn: (password: string) =>
      apiFetch<null>('/my/account/reauthenticate', { method: 'POST', body: { password } }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      apiFetch<{ endedSessions: number }>('/my/account/password', { method: 'PUT', body: input }),
  });
}

export function useEndAllSessions() {
  return useMutation({
    mutationFn: () => apiFetch<{ endedSessions: number }>('/my/account/sessions', { method: 'DELETE' }),
  });
}
