'use client';

import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { MOVING_STATES } from '@/lib/shared/devices/codes';
import type { LockShape } from '@/lib/domain/devices/lock-shape';
import type { BridgeShape, DoorSensorShape, GateShape } from '@/lib/domain/devices/other-shapes';
import type { z } from 'zod';
import type { lockUpdateBody } from '@/app/api/v37/my/lock/update-body';
import type { Attention } from '@/lib/domain/devices/attention';
import type { DetailsShape } from '@/lib/domain/devices/details';
import type { DeviceList, DeviceListFilter, DeviceListRow } from '@/lib/domain/devices/list';
import type { DeviceUpdated, OperationStatus } from '@/lib/domain/devices/schemas';
import { ApiError, apiFetch, newIdempotencyKey } from './api';

/** Devices and commands: the portal's hooks over /api/v37/my/{device,lock,gate,doorsensor}. */

export type Lock = LockShape;
export type Bridge = BridgeShape;
export type Gate = GateShape;
export type DoorSensor = DoorSensorShape;
/** GET /my/device/details, as the domain verb answers it. */
export type DeviceDetails = DetailsShape;
/** GET /my/device/operation/{id}. */
export type Operation = z.infer<typeof OperationStatus>;
export type OperationVerb = 'unlock' | 'lock' | 'pull';

export const deviceKeys = {
  all: ['devices'] as const,
  details: ['devices', 'details'] as const,
  list: ['devices', 'list'] as const,
  lock: (id: number) => ['devices', 'lock', id] as const,
  operation: (id: string) => ['devices', 'operation', id] as const,
  gates: ['devices', 'gates'] as const,
  doorSensors: ['devices', 'doorsensors'] as const,
  attention: ['devices', 'attention'] as const,
};

export type { Attention };

/**
 * GET /my/attention: the one list of doors that cannot open now (and other notices, and counts by
 * kind) that Home, Devices and the link picker all show; `initial` is the server's prefetch.
 */
/** `siteId`: one site's devices (0: those in no site); `initial` is the page's read of the same. */
export function useAttention(initial?: Attention, siteId?: number) {
  return useQuery({
    queryKey: [...deviceKeys.attention, siteId ?? 'all'],
    queryFn: ({ signal }) => apiFetch<Attention>('/my/attention', { query: { siteId }, signal }),
    initialData: initial,
  });
}

/**
 * GET /my/device/details: every device; or, with `ids`, only those (a page that names a few
 * devices reads only them: an organization's 10,000 are ~11 MB). While `ids` change (a list
 * refetched) the previous answer stays on screen.
 */
export function useDeviceDetails(o: { ids?: number[]; enabled?: boolean } = {}) {
  const ids = o.ids ? [...new Set(o.ids)].sort((a, b) => a - b) : undefined;
  return useQuery({
    queryKey: ids ? [...deviceKeys.details, { ids }] : deviceKeys.details,
    queryFn: ({ signal }) => apiFetch<DeviceDetails>('/my/device/details', { query: { deviceId: ids }, signal }),
    enabled: o.enabled ?? true,
    placeholderData: ids ? keepPreviousData : undefined,
  });
}

export type { DeviceList, DeviceListRow };

/**
 * GET /my/device/list: one page of the viewer's devices of every kind, doors that cannot open
 * first, filtered on the server (an organization of 10,000 devices sends 25 rows, not every
 * device's details). The previous page stays on screen while the next one comes.
 */
export function useDeviceList(
  f: DeviceListFilter & { page: number; itemsPerPage: number },
  enabled = true,
  /** the server's read of the same query, with the page */
  initial?: DeviceList,
) {
  return useQuery({
    enabled,
    initialData: initial,
    queryKey: [...deviceKeys.list, f],
    queryFn: ({ signal }) =>
      apiFetch<DeviceList>('/my/device/list', {
        query: {
          'filters.text': f.text || undefined,
          kind: f.kind,
          siteId: f.siteId,
          problems: f.problems || undefined,
          deviceId: f.ids,
          orderBy: f.orderBy,
          page: f.page,
          itemsPerPage: f.itemsPerPage,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The devices of each group of ids (at most 100 a group: a page of activity entries), by
 * GET /my/device/list?deviceId=...: the rows by id once every group has answered, `ready` false
 * until then. A group already asked for is not asked again as more groups come (a log paging on).
 */
export function useDevicesById(groups: number[][]) {
  return useQueries({
    queries: groups
      .filter((g) => g.length)
      .map((g) => {
        const ids = [...new Set(g)].sort((a, b) => a - b);
        return {
          queryKey: [...deviceKeys.list, { ids }],
          queryFn: ({ signal }: { signal: AbortSignal }) =>
            apiFetch<DeviceList>('/my/device/list', { query: { deviceId: ids, itemsPerPage: 100 }, signal }),
          staleTime: 60_000,
        };
      }),
    combine: (rs) => ({
      byId: new Map(rs.flatMap((r) => r.data?.devices ?? []).map((d) => [d.id, d])),
      ready: rs.every((r) => !r.isPending),
    }),
  });
}

/** The lock has settings it has not confirmed yet ("waiting for the lock"). */
export const settingsPending = (l: Pick<Lock, 'targetDeviceRevision' | 'deviceRevision'>) =>
  l.targetDeviceRevision > l.deviceRevision;

/** A lock; polls quickly while it is between states (a command is running) or has settings to confirm. */
export function useLock(id: number, initial?: Lock) {
  return useQuery({
    queryKey: deviceKeys.lock(id),
    queryFn: () => apiFetch<Lock>(`/my/lock/${id}`, { query: { IncludeUserSettings: true } }),
    initialData: initial,
    refetchInterval: (q) => {
      const l = q.state.data;
      return MOVING_STATES.includes(l?.deviceState?.state ?? -1) || (l && settingsPending(l)) ? 700 : 15_000;
    },
  });
}

/** PATCH /my/lock: what changed, with the revision the form was read at. */
/** A change of a lock's name, zone or settings, as PATCH /my/lock reads it (the lock's id added by the hook). */
export type LockChange = Omit<z.input<typeof lockUpdateBody>, 'id'>;
export type { DeviceUpdated };

export function useUpdateLock(lockId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (change: LockChange) =>
      apiFetch<DeviceUpdated>('/my/lock', { method: 'PATCH', body: { id: lockId, ...change } }),
    // a refused change may still have moved the lock (saved, not confirmed): read it again either way
    onSettled: () => qc.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

export function useOperate(lockId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ verb, mode }: { verb: OperationVerb; mode?: number }) =>
      apiFetch<{ operationId: string; lastStateChangedDate: string }>(`/my/lock/${lockId}/operation/${verb}`, {
        method: 'POST',
        query: { mode },
      }),
    // the command may have used up a fault armed in the simulator
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: deviceKeys.lock(lockId) }),
        qc.invalidateQueries({ queryKey: ['sim'] }),
      ]),
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
    queryFn: () =>
      apiFetch<{ page: number; itemsPerPage: number; gates: Gate[] }>('/my/gate', { query: { itemsPerPage: 100 } }),
  });
}

/** Open a gate (204 once the gate system confirmed). */
export function useOpenGate() {
  return useMutation({
    mutationFn: (id: number) => apiFetch<null>(`/my/gate/${id}/operation/unlock`, { method: 'POST' }),
  });
}

export function useDeleteGate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<null>(`/my/gate/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

/** Synchronize every gate of the caller's account in the external gate system. */
export function useSyncAllGates() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<null>('/my/gate/sync', { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: deviceKeys.all }),
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
    queryFn: () =>
      apiFetch<{ page: number; itemsPerPage: number; doorSensors: DoorSensor[] }>('/my/doorsensor', {
        query: { itemsPerPage: 100 },
      }),
  });
}

export function useUpdateDoorSensor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; revision: number; name?: string }) =>
      apiFetch<DeviceUpdated>(`/my/doorsensor/${id}`, { method: 'PATCH', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

export function useDeleteDoorSensor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<null>(`/my/doorsensor/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

/** The simulator's control plane (/api/sim): null when it is switched off (404). */
async function simFetch<T>(path: string, body?: unknown): Promise<T | null> {
  const res = await fetch(`/api/sim${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers:
      body === undefined ? undefined : { 'content-type': 'application/json', 'idempotency-key': newIdempotencyKey() },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  if (res.status === 404 && body === undefined) return null;
  const json = (await res.json().catch(() => null)) as { result?: T; errorMessages?: string[] } | null;
  if (!res.ok)
    throw new ApiError(
      res.status,
      json?.errorMessages?.length ? json.errorMessages : [`Request failed (${res.status}).`],
    );
  return (json?.result ?? null) as T | null;
}

export type SimAction =
  | { action: 'connect' | 'disconnect' | 'bell' }
  | { action: 'battery'; level: number; charging?: boolean }
  | { action: 'door'; open: boolean }
  | { action: 'press'; how: 'button' | 'knob'; operation: 'lock' | 'unlock' }
  | { action: 'fault'; fault: 'timeout' | 'slow' | 'jam' | null };

export function useSimDevice(id: number) {
  return useQuery({
    queryKey: ['sim', id],
    queryFn: () => simFetch<{ deviceId: number; pendingFault: string | null }>(`/device/${id}`),
    retry: false,
  });
}

/** One happening at a device (door opened, bridge offline...); refreshes what it may change. */
export function useSimAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SimAction }) => simFetch(`/device/${id}`, body),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: deviceKeys.all }), qc.invalidateQueries({ queryKey: ['sim'] })]),
  });
}
