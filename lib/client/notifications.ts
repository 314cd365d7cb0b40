'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api';

/** Notification mails: the portal's Settings > Notifications over /api/v37/my/notification. */

export const NOTIFICATION_KINDS = ['jammed', 'batteryLow', 'bridgeOffline', 'doorOpenTooLong', 'keypadLockedOut'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationPreferences {
  digest: boolean;
  kinds: Record<NotificationKind, boolean>;
  devices: Array<{ deviceId: number; name: string; overrides: Partial<Record<NotificationKind, boolean>> }>;
  labels: Record<NotificationKind, string>;
}
export interface NotificationChange {
  digest?: boolean;
  kinds?: Partial<Record<NotificationKind, boolean>>;
  devices?: Array<{ deviceId: number; kind: NotificationKind; enabled: boolean | null }>;
}

const KEY = ['my', 'notification'] as const;

export function useNotificationPreferences() {
  return useQuery({ queryKey: KEY, queryFn: () => apiFetch<NotificationPreferences>('/my/notification') });
}

export function useChangeNotifications() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (change: NotificationChange) => apiFetch<NotificationPreferences>('/my/notification', { method: 'PUT', body: change }),
    onSuccess: (prefs) => qc.setQueryData(KEY, prefs),
  });
}
