'use client';

import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { ActivityRow } from '@/components/activity/activity-row';
import { Badge, ButtonLink, Card, EmptyState, ErrorState, PageHeader, SkeletonRows } from '@/components/ui';
import type { ActivityItem } from '@/lib/client/activity';
import { apiFetch } from '@/lib/client/api';
import { useDeviceDetails, useDoorSensors } from '@/lib/client/devices';
import { attentionOf, countsOf } from './attention';

/**
 * Home, the first page after sign-in: what needs attention now (most urgent first, each with its
 * one next action), what just happened, and counts by state. Built from the same API as the rest.
 */
export function HomePage({ name }: { name: string }) {
  const details = useDeviceDetails();
  const sensors = useDoorSensors();
  const recent = useQuery({ queryKey: ['device-activity', 'home'], queryFn: ({ signal }) => apiFetch<ActivityItem[]>('/my/deviceactivity', { query: { elements: 8 }, signal }) });
  const zones = new Map([...(details.data?.locks ?? []), ...(details.data?.gates ?? []), ...(details.data?.bridges ?? [])].map((d) => [d.id, { name: d.name, zone: d.timeZone }]));
  const attention = details.data ? attentionOf(details.data, sensors.data?.doorSensors) : [];
  const counts = details.data ? countsOf(details.data) : null;

  return (
    <div className="space-y-6">
      <PageHeader title={`Hello, ${name}`} description="What needs you now, and what just happened at your doors." />
      {counts ? (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Counts">
          {[
            ['Locks', counts.locks, '/devices?kind=lock'],
            ['Locked now', counts.locked, '/devices?kind=lock'],
            ['Unlocked now', counts.unlocked, '/devices?kind=lock'],
            ['Offline', counts.offline, '/devices?problems=1'],
          ].map(([label, n, href]) => (
            <Link key={label as string} href={href as string} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-indigo-300 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="mt-1 text-2xl font-semibold text-slate-900">{n}</dd>
            </Link>
          ))}
        </dl>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Needs attention" description={details.data ? (attention.length ? `${attention.length} ${attention.length === 1 ? 'thing' : 'things'}, most urgent first.` : undefined) : undefined} flush>
          {details.isPending ? (
            <SkeletonRows rows={3} label="Loading devices" />
          ) : details.isError ? (
            <ErrorState message={details.error.message} onRetry={() => details.refetch()} retrying={details.isFetching} />
          ) : zones.size === 0 ? (
            <EmptyState title="No devices yet" text="When someone shares a lock or gate with you, or you add one to your account, it appears here." />
          ) : attention.length === 0 ? (
            <EmptyState title="All good" text="No device needs attention now: every lock answers, no door is left open, batteries are fine." />
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Needs attention">
              {attention.map((a) => (
                <li key={a.key} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge tone={a.tone}>{a.tone === 'problem' ? 'Urgent' : 'Soon'}</Badge>
                      <span className="font-medium text-slate-900">{a.title}</span>
                    </div>
                    <p className="text-sm text-slate-600">{a.detail}</p>
                  </div>
                  <ButtonLink href={a.action.href} variant="secondary" size="sm">
                    {a.action.label}
                  </ButtonLink>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Just happened" actions={<Link href="/activity" className="text-sm font-medium text-indigo-700 hover:underline">All activity</Link>} flush>
          {recent.isPending ? (
            <SkeletonRows rows={4} label="Loading activity" />
          ) : recent.isError ? (
            <ErrorState message={recent.error.message} onRetry={() => recent.refetch()} retrying={recent.isFetching} />
          ) : !recent.data.length ? (
            <EmptyState title="Nothing yet" text="Unlocks, PIN entries and door events appear here as they happen." />
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Recent activity">
              {recent.data.map((it) => (
                <ActivityRow key={it.id} item={it} deviceName={zones.get(it.deviceId)?.name ?? `Device ${it.deviceId}`} zone={zones.get(it.deviceId)?.zone ?? 'UTC'} />
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}
