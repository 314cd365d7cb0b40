'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BridgeAdded, BridgeChecked, OrgBridge } from '@/lib/domain/devices/bridge-schemas';
import { apiFetch } from './api';

/** The organization's bridges (ours): /api/v37/organization/{id}/bridge. */

export type Bridge = z.infer<typeof OrgBridge>;
export type CheckedBridge = z.infer<typeof BridgeChecked>;
export type AddedBridge = z.infer<typeof BridgeAdded>;
export interface BridgeAccessInput {
  address: string;
  token: string;
  tokenMode: 'encrypted' | 'plain';
}

const key = (orgId: number) => ['organizations', orgId, 'bridges'] as const;

export function useOrgBridges(orgId: number) {
  return useQuery({ queryKey: key(orgId), queryFn: () => apiFetch<Bridge[]>(`/organization/${orgId}/bridge`) });
}

export function useCheckBridge(orgId: number) {
  return useMutation({
    mutationFn: (input: BridgeAccessInput) =>
      apiFetch<CheckedBridge>(`/organization/${orgId}/bridge/check`, { method: 'POST', body: input }),
  });
}

export function useAddBridge(orgId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: BridgeAccessInput & { name?: string; locks: Array<{ id: number; name: string }> }) =>
      apiFetch<AddedBridge>(`/organization/${orgId}/bridge`, { method: 'POST', body: input }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: key(orgId) });
      void qc.invalidateQueries({ queryKey: ['devices'] });
    },
  });
}

export function useRemoveBridge(orgId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (bridgeId: number) => apiFetch<null>(`/organization/${orgId}/bridge/${bridgeId}`, { method: 'DELETE' }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: key(orgId) });
      void qc.invalidateQueries({ queryKey: ['devices'] });
    },
  });
}
