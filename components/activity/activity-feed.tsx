'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { Button, buttonClasses, Card, EmptyState, ErrorState, FormField, Select, SkeletonRows, Spinner } from '@/components/ui';
import { exportUrl, useActivityFeed } from '@/lib/client/activity';
import type { PortalDevice } from '@/lib/domain/access/portal';
import { EVENT_INFO } from '@/lib/domain/activity/names';
import { ActivityRow } from './activity-row';

interface Props {
  devices: PortalDevice[];
  /** set on a device's own Activity tab; otherwise the device is a filter */
  deviceId?: number;
}

/** The activity log with filters in the URL, infinite scroll on the date cursor and CSV export. */
export function ActivityFeed({ devices, deviceId }: Props) {
  const router = useRouter();
  const pathname = usePathname();
  const sp = useSearchParams();
  const device = deviceId ?? (Number(sp.get('device')) || undefined);
  const event = Number(sp.get('event')) || undefined;
  const feed = useActivityFeed({ deviceId: device, event });
  const byId = new Map(devices.map((d) => [d.id, d]));
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: '400px' });
    io.observe(node);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  function setParam(name: string, value: string) {
    const next = new URLSearchParams(sp.toString());
    if (value) next.set(name, value);
    else next.delete(name);
    const qs = next.toString();
    router.replace(`${pathname}${qs ? `?${qs}` : ''}`, { scroll: false });
  }

  const items = feed.data?.pages.flat() ?? [];
  return (
    <div>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        {deviceId === undefined ? (
          <FormField label="Device" className="sm:w-64">
            <Select value={device ?? ''} onChange={(e) => setParam('device', e.target.value)}>
              <option value="">All devices</option>
              {devices.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </Select>
          </FormField>
        ) : null}
        <FormField label="Event" className="sm:w-64">
          <Select value={event ?? ''} onChange={(e) => setParam('event', e.target.value)}>
            <option value="">All events</option>
            {Object.entries(EVENT_INFO).map(([v, info]) => (
              <option key={v} value={v}>
                {info.name}
              </option>
            ))}
          </Select>
        </FormField>
        <a href={exportUrl(device, event)} download className={buttonClasses('secondary', 'md', 'sm:ml-auto')}>
          Export CSV
        </a>
      </div>
      <Card flush>
        {feed.isLoading ? (
          <SkeletonRows rows={6} />
        ) : feed.isError ? (
          <ErrorState message={feed.error.message} onRetry={() => feed.refetch()} retrying={feed.isFetching} />
        ) : !items.length ? (
          <EmptyState title="No activity yet" text={event ? 'Nothing of this kind: try "All events".' : 'Unlocks, PIN entries and door events appear here as they happen.'} />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Activity entries">
            {items.map((it) => {
              const d = byId.get(it.deviceId);
              return <ActivityRow key={it.id} item={it} deviceName={deviceId === undefined ? (d?.name ?? `Device ${it.deviceId}`) : undefined} zone={d?.timeZone ?? 'UTC'} />;
            })}
          </ul>
        )}
      </Card>
      <div ref={sentinel} className="flex justify-center py-4 text-sm text-slate-600">
        {isFetchingNextPage ? (
          <span className="flex items-center gap-2">
            <Spinner /> Loading older entries...
          </span>
        ) : hasNextPage ? (
          <Button variant="secondary" onClick={() => fetchNextPage()}>
            Load older entries
          </Button>
        ) : items.length ? (
          <span>That is the whole log.</span>
        ) : null}
      </div>
    </div>
  );
}
