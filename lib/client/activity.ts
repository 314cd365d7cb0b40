'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityItem } from '@/lib/domain/activity/list';
import { apiFetch, apiUrl } from './api';

/** Device activity item (api-v37.md): the domain's own type, so the two cannot drift apart. */
export type { ActivityItem };

export interface ActivityFilters {
  deviceId?: number;
  event?: number;
}

const PAGE = 50;

/**
 * Newest first, one page per scroll step. The cursor is the last item's date (and id, which
 * breaks ties between devices in the all-devices view), exactly as the API pages.
 */
export function useActivityFeed(f: ActivityFilters) {
  return useInfiniteQuery({
    queryKey: ['device-activity', f.deviceId ?? 'all', f.event ?? 'all'],
    initialPageParam: null as { date: string; id: number } | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<ActivityItem[]>('/my/deviceactivity', {
        query: {
          deviceId: f.deviceId,
          event: f.event,
          elements: PAGE,
          lastElemDate: pageParam?.date,
          lastElemId: f.deviceId ? undefined : pageParam?.id,
        },
        signal,
      }),
    getNextPageParam: (last) => (last.length < PAGE ? undefined : { date: last[last.length - 1].date, id: last[last.length - 1].id }),
  });
}

export const exportUrl = (deviceId?: number, event?: number) => apiUrl('/my/deviceactivity/export', { deviceId, event });
