'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityItem } from '@/lib/domain/activity/list';
import { ACTIVITY_PAGE as PAGE } from '@/lib/shared/activity/names';
import { apiFetch, apiUrl } from './api';

/** Device activity item (api-v37.md): the domain's own type, so the two cannot drift apart. */
export type { ActivityItem };

export interface ActivityFilters {
  deviceId?: number;
  /** event kinds (an event, or every event of a method); empty = all */
  events?: number[];
  /** one author (an item's userId; 0 = entries without an author) */
  author?: number;
  /** the range, as UTC instants (ISO): entries at or after `from` and before `to` */
  from?: string;
  to?: string;
  /** the devices of one site (issue 35); 0 = devices in no site */
  siteId?: number;
}

const query = (f: ActivityFilters) => ({
  deviceId: f.deviceId,
  event: f.events?.length ? f.events : undefined,
  userId: f.author,
  siteId: f.siteId,
});

/**
 * Newest first, one page per scroll step. The cursor is the last item's date (and id, which
 * breaks ties between devices in the all-devices view), exactly as the API pages; a range starts
 * its first page at its end, so any month opens at once.
 */
export function useActivityFeed(f: ActivityFilters, enabled = true, firstPage?: ActivityItem[]) {
  return useInfiniteQuery({
    enabled,
    // the server's first page, only for the filters it was read with (the caller decides)
    initialData: firstPage ? { pages: [firstPage], pageParams: [null] } : undefined,
    queryKey: [
      'device-activity',
      f.deviceId ?? 'all',
      f.events?.join(',') ?? 'all',
      f.author ?? 'anyone',
      f.from ?? '',
      f.to ?? '',
      f.siteId ?? 'every site',
    ],
    initialPageParam: null as { date: string; id?: number } | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<ActivityItem[]>('/my/deviceactivity', {
        query: {
          ...query(f),
          dateFrom: f.from,
          elements: PAGE,
          lastElemDate: pageParam?.date ?? f.to,
          lastElemId: f.deviceId ? undefined : pageParam?.id,
        },
        signal,
      }),
    getNextPageParam: (last) =>
      last.length < PAGE ? undefined : { date: last[last.length - 1].date, id: last[last.length - 1].id },
  });
}

/** The CSV of the current filter. */
export const exportUrl = (f: ActivityFilters) =>
  apiUrl('/my/deviceactivity/export', { ...query(f), from: f.from, to: f.to });
