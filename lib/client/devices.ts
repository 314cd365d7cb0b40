'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LockShape } from '@/lib/domain/devices/lock-shape';
import type { BridgeShape, DoorSensorShape, GateShape } from '@/lib/domain/devices/other-shapes';
import { apiFetch } from './api';

/** Devices and commands: the portal's hooks over /api/v37/my/{device,lock,gate,doorsensor}. */

export type Lock = LockShape;
export type Bridge = BridgeShape;
export type Gate = GateShape;
export type DoorSensor = DoorSensorShape;
export interface DeviceDetails {
  bridges: Bridge[];
  locks: Lock[];
  keypads: unknown[];
  gates: Gate[];
  dryContacts: unknown[];
}
export interface Operation {
  deviceId: number;
  operationId: string;
  result: number | null;
  status: 'PENDING' | 'COMPLETED';
  type: 0 | 1 | 2;
}
export type OperationVerb = 'unlock' | 'lock' | 'pull';

export const deviceKeys = {
  all: ['devices'] as const,
  details: ['devices', 'details'] as const,
  lock: (id: number) => ['devices', 'lock', id] as const,
  operation: (id: string) => ['devices', 'operation', id] as const,
  gates: ['devices', 'gates'] as const,
  doorSensors: ['devices', 'doorsensors'] as const,
};

export function useDeviceDetails() {
  return useQuery({ queryKey: deviceKeys.details, queryFn: () => apiFetch<DeviceDetails>('/my/device/details') });
}

/** A lock; polls quickly while it is between states (a command is running). */
export function useLock(id: number, initial?: Lock) {
  return useQuery({
    queryKey: deviceKeys.lock(id),
    queryFn: () => apiFetch<Lock>(`/my/lock/${id}`, { query: { IncludeUserSettings: true } }),
    initialData: initial,
    refetchInterval: (q) => ([4, 5, 8, 7].includes(q.state.data?.deviceState?.state ?? -1) ? 700 : 15_000),
  });
}

export function useOperate(lockId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ verb, mode }: { verb: OperationVerb; mode?: number }) =>
      apiFetch<{ operationId: string; lastStateChangedDate: string }>(`/my/lock/${lockId}/operation/${verb}`, { method: 'POST', query: { mode } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: deviceKeys.lock(lockId) }),
  });
}

/** The outcome of a command: polled until the device answered. */
export function useOperation(operationId: string | null) {
  return useQuery({
    queryKey: deviceKeys.operation(operationId ?? ''),
    queryFn: () => apiFetch<Operation>(`/my/device/operation/${operationId}`),
    enabled: !!operationId,
    refetchInterval: (q) => (q.state.data?.status === 'COMPLETED' ? false : 500),
  });
}

export function useGates() {
  return useQuery({
    queryKey: deviceKeys.gates,
    queryFn: () => apiFetch<{ page: number; itemsPerPage: number; gates: Gate[] }>('/my/gate', { query: { itemsPerPage: 100 } }),
  });
}

export function useSyncGate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<Gate>(`/my/gate/${id}/sync`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

export function useDoorSensors() {
  return useQuery({
    queryKey: deviceKeys.doorSensors,
    queryFn: () => apiFetch<{ page: number; itemsPerPage: number; doorSensors: DoorSensor[] }>('/my/doorsensor', { query: { itemsPerPage: 100 } }),
  });
}
