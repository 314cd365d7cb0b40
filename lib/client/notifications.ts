'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@/lib/domain/notifications/schemas';
import type { z } from 'zod';
import type { putBody } from '@/lib/domain/notifications/preferences';
import { apiFetch } from './api';

/** Notification mails: the portal's Settings > Notifications over /api/v37/my/notification. */

// the kinds and the answer's shape come from the domain's schemas (the OpenAPI document's), written once
export { NOTIFICATION_KINDS, type NotificationKind } from '@/lib/shared/notifications/kinds';
export type { NotificationPreferences } from '@/lib/domain/notifications/schemas';
/** A change of the preferences, as PUT /my/notification reads it. */
export type NotificationChange = z.input<typeof putBody>;

const KEY = ['my', 'notification'] as const;

export function useNotificationPreferences() {
  return useQuery({ queryKey: KEY, queryFn: () => apiFetch<NotificationPreferences>('/my/notification') });
}

/**
 * Saves a change. The page shows it at once (set synchronously, before the request, so a box
 * toggles under the click); a refusal puts the previous state back.
 */
export function useChangeNotifications() {
  const qc = useQueryClient();
  const m = useMutation({
    mutationFn: ({ change }: { change: NotificationChange; before?: NotificationPreferences }) =>
      apiFetch<NotificationPreferences>('/my/notification', { method: 'PUT', body: change }),
    onError: (_e, { before }) => {
      if (before) qc.setQueryData(KEY, before);
    },
    onSuccess: (prefs) => qc.setQueryData(KEY, prefs),
  });
  const save = (change: NotificationChange, opts: { onSuccess?: () => void; onError?: (e: unknown) => void } = {}) => {
    const before = qc.getQueryData<NotificationPreferences>(KEY);
    if (before) qc.setQueryData(KEY, applyChange(before, change));
    m.mutate({ change, before }, opts);
  };
  return { save, isPending: m.isPending };
}

/** The preferences as they will be after `change` (what the server will answer). */
export function applyChange(p: NotificationPreferences, change: NotificationChange): NotificationPreferences {
  return {
    ...p,
    digest: change.digest ?? p.digest,
    kinds: { ...p.kinds, ...change.kinds },
    devices: p.devices.map((d) => {
      const overrides = { ...d.overrides };
      for (const c of change.devices ?? []) {
        if (c.deviceId !== d.deviceId) continue;
        if (c.enabled === null) delete overrides[c.kind];
        else overrides[c.kind] = c.enabled;
      }
      return { ...d, overrides };
    }),
  };
}
