'use client';

import { DateTime } from 'luxon';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, buttonClasses, Card, EmptyState, FormField, Input, QueryView, Select, Spinner } from '@/components/ui';
import { useDevicesById } from '@/lib/client/devices';
import { exportUrl, useActivityFeed, type ActivityFilters, type ActivityItem } from '@/lib/client/activity';
import type { ActivityDevice, ActivityPlace } from '@/lib/domain/access/portal';
import { EVENT_INFO, type ActivityMethod } from '@/lib/shared/activity/names';
import { SiteFilter, siteIdOf, useSiteNames } from '@/components/sites/site-filter';
import { ActivityRow } from './activity-row';
import { DevicePicker } from './device-picker';

/** What the feed needs to know of a device: its name, zone and site. */
type KnownDevice = Pick<ActivityDevice, 'id' | 'name' | 'timeZone' | 'siteId'>;

interface Props {
  /** the devices the server named with the page: the chosen one and those of the first page's entries */
  devices: ActivityDevice[];
  /** the sites and zones of every device the viewer sees (lib/domain/access/portal: activityPlaces) */
  places: ActivityPlace[];
  /** set on a device's own Activity tab; otherwise the device is a filter */
  deviceId?: number;
  /** the log's first page without a filter, read by the page on the server (shown only while no filter is set) */
  firstPage?: ActivityItem[];
}

const METHODS: [ActivityMethod, string][] = [
  ['app', 'App or API'],
  ['PIN', 'PIN at the keypad'],
  ['link', 'Access link'],
  ['button', 'Button on the lock'],
  ['knob', 'By hand (knob)'],
  ['automatic', 'Automatic'],
  ['sensor', 'Door sensor'],
  ['device', 'The device itself'],
];

const eventsOfMethod = (m: string) =>
  Object.entries(EVENT_INFO)
    .filter(([, i]) => i.method === m)
    .map(([v]) => Number(v));
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Is a device (or a place) in the chosen site ('' every site, 'none' those in no site, else a site's id)? */
function inSite(x: { siteId: number | null }, site: string): boolean {
  const id = siteIdOf(site);
  return id === undefined || x.siteId === (id === 0 ? null : id);
}

/**
 * The time zone the date range is read in: the door's own when one door is chosen; with all
 * devices (of the site), their zone if they share one, else the browser's. Always named on the screen.
 */
function rangeZone(places: ActivityPlace[], site: string, chosen?: KnownDevice): string {
  if (chosen) return chosen.timeZone;
  const zones = new Set(places.filter((p) => inSite(p, site)).map((p) => p.timeZone));
  return zones.size === 1 ? [...zones][0] : Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The activity log. Every filter (site, device, method, event, person, date range) lives in the URL,
 * so a view can be shared and Back undoes a change; pages follow the date cursor (a range opens
 * at its end at once, however far back); CSV exports exactly the current filter.
 */
export function ActivityFeed({ devices, places, deviceId, firstPage }: Props) {
  const router = useRouter();
  const pathname = usePathname();
  const sp = useSearchParams();
  const device = deviceId ?? (Number(sp.get('device')) || undefined);
  // a site (building) narrows the log in the API's query (issue 35); a device's own tab has none
  const site = deviceId === undefined ? (sp.get('site') ?? '') : '';
  const sites = useSiteNames();
  const withSites = deviceId === undefined && (sites.sites.length > 0 || !!site);
  // the devices named so far: by the server with the page, by the picker, and for further pages of entries
  const known = useMemo(() => new Map<number, KnownDevice>(devices.map((d) => [d.id, d])), [devices]);
  const [picked, setPicked] = useState<Map<number, KnownDevice>>(() => new Map());
  const event = Number(sp.get('event')) || undefined;
  const method = sp.get('method') ?? '';
  const person = sp.get('person') ?? '';
  const fromDay = DAY.test(sp.get('from') ?? '') ? sp.get('from')! : '';
  const toDay = DAY.test(sp.get('to') ?? '') ? sp.get('to')! : '';
  const chosen = device ? (known.get(device) ?? picked.get(device)) : undefined;
  const zone = rangeZone(places, site, chosen);

  const filters: ActivityFilters = useMemo(() => {
    const byMethod = method ? eventsOfMethod(method) : undefined;
    const events = event ? [event] : byMethod;
    return {
      deviceId: device,
      siteId: siteIdOf(site),
      events,
      author: person === '' ? undefined : Number(person),
      from: fromDay ? DateTime.fromISO(fromDay, { zone }).startOf('day').toUTC().toISO()! : undefined,
      to: toDay ? DateTime.fromISO(toDay, { zone }).plus({ days: 1 }).startOf('day').toUTC().toISO()! : undefined,
    };
  }, [device, site, event, method, person, fromDay, toDay, zone]);
  const rangeWrong = !!fromDay && !!toDay && toDay < fromDay;
  const filtered = !!(site || event || method || person || fromDay || toDay);
  const feed = useActivityFeed(filters, !rangeWrong, filtered || device !== deviceId ? undefined : firstPage);
  // the devices of entries the server did not name (pages after the first, a filtered log), a page at a time
  const pages = useMemo(() => feed.data?.pages ?? [], [feed.data]);
  const named = useDevicesById(
    deviceId === undefined ? pages.map((p) => p.map((e) => e.deviceId).filter((id) => !known.has(id))) : [],
  );
  const deviceOf = (id: number): KnownDevice | undefined => known.get(id) ?? picked.get(id) ?? named.byId.get(id);
  // entries show once their devices are named: the pages up to the first one still waiting
  const ready = pages.findIndex(
    (p) =>
      !named.ready && deviceId === undefined && p.some((e) => !known.has(e.deviceId) && !named.byId.has(e.deviceId)),
  );
  const shownPages = ready < 0 ? pages : pages.slice(0, ready);
  const namesPending = pages.length > 0 && shownPages.length === 0;
  const sentinel = useRef<HTMLDivElement>(null);
  const { isFetchingNextPage, fetchNextPage } = feed;
  // no older page is asked for while a page's devices are being named (its entries are not on the
  // screen yet, so the end of the list is in view without anyone having scrolled to it)
  const naming = shownPages.length < pages.length;
  const hasNextPage = feed.hasNextPage && !naming;

  // the people who appear in the log seen so far (and the one chosen), for the person filter
  const [people, setPeople] = useState<Map<number, string>>(() => new Map());
  const items = shownPages.flat();
  useEffect(() => {
    const fresh = items.filter((it) => it.userId > 0 && it.username && !people.has(it.userId));
    if (!fresh.length) return;
    setPeople((old) => {
      const next = new Map(old);
      for (const it of fresh) next.set(it.userId, it.username);
      return next;
    });
  }, [items, people]);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px' },
    );
    io.observe(node);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // the query as last asked for: two quick changes (From, then To) must not lose the first
  // while the router has not yet shown it in `sp`
  const latest = useRef(sp.toString());
  useEffect(() => {
    latest.current = sp.toString();
  }, [sp]);
  // push, not replace: Back undoes a filter change
  function setParams(values: Record<string, string>) {
    const next = new URLSearchParams(latest.current);
    for (const [name, value] of Object.entries(values)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    const qs = next.toString();
    latest.current = qs;
    router.push(`${pathname}${qs ? `?${qs}` : ''}`, { scroll: false });
  }
  const setParam = (name: string, value: string) => setParams({ [name]: value });
  const eventChoices = Object.entries(EVENT_INFO).filter(([, i]) => !method || i.method === method);

  return (
    <div>
      <div
        className={`mb-3 grid gap-3 sm:grid-cols-2 xl:items-start ${
          // with the Site filter seven fields: one row on a wide screen, two rows of four below
          withSites ? 'lg:grid-cols-4 xl:grid-cols-7' : 'lg:grid-cols-3 xl:grid-cols-6'
        }`}
      >
        {deviceId === undefined ? (
          <SiteFilter
            sites={sites}
            value={site}
            // a door of another site would match nothing: choosing a site clears it
            onChange={(v) =>
              setParams({
                site: v,
                device: device && chosen && inSite(chosen, v) ? String(device) : '',
              })
            }
            anyWithout={places.some((p) => p.siteId === null)}
          />
        ) : null}
        {deviceId === undefined ? (
          <DevicePicker
            value={device}
            valueName={chosen?.name}
            siteId={siteIdOf(site)}
            onChange={(id, row) => {
              if (row) setPicked((m) => new Map(m).set(row.id, row));
              setParam('device', id);
            }}
          />
        ) : null}
        <FormField label="How">
          <Select
            value={method}
            onChange={(e) => {
              // an event of another way would match nothing: choosing a way clears it
              const m = e.target.value;
              setParams({ method: m, event: event && m && EVENT_INFO[event]?.method !== m ? '' : String(event ?? '') });
            }}
          >
            <option value="">Any way</option>
            {METHODS.map(([m, label]) => (
              <option key={m} value={m}>
                {label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Event">
          <Select value={event ?? ''} onChange={(e) => setParam('event', e.target.value)}>
            <option value="">All events</option>
            {eventChoices.map(([v, info]) => (
              <option key={v} value={v}>
                {info.name}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Person">
          <Select value={person} onChange={(e) => setParam('person', e.target.value)}>
            <option value="">Anyone</option>
            <option value="0">Nobody known (by hand, keypad, links)</option>
            {[...people]
              .sort((a, b) => a[1].localeCompare(b[1]))
              .map(([id, name]) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
            {person && person !== '0' && !people.has(Number(person)) ? (
              <option value={person}>Person #{person}</option>
            ) : null}
          </Select>
        </FormField>
        <FormField label="From" error={rangeWrong ? 'The range ends before it starts.' : undefined}>
          <Input
            type="date"
            value={fromDay}
            max={toDay || undefined}
            onChange={(e) => setParam('from', e.target.value)}
          />
        </FormField>
        <FormField label="To (including)">
          <Input
            type="date"
            value={toDay}
            min={fromDay || undefined}
            onChange={(e) => setParam('to', e.target.value)}
          />
        </FormField>
      </div>
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-600">Dates in {zone}</p>
        {filtered ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              router.push(deviceId === undefined && device ? `${pathname}?device=${device}` : pathname, {
                scroll: false,
              })
            }
          >
            Clear filters
          </Button>
        ) : null}
        <a
          href={rangeWrong ? undefined : exportUrl(filters)}
          aria-disabled={rangeWrong}
          download
          className={buttonClasses('secondary', 'sm', 'ml-auto')}
        >
          Export CSV of this view
        </a>
      </div>
      <Card flush>
        <QueryView
          // a backwards range sends nothing (the query stays disabled): nothing matches it
          query={{
            data: rangeWrong ? [] : feed.data && !namesPending ? items : undefined,
            error: feed.error,
            isPending: feed.isLoading || namesPending,
            isFetching: feed.isFetching,
            refetch: feed.refetch,
          }}
          loading={{ rows: 6 }}
          empty={
            <EmptyState
              title={filtered ? 'Nothing matches these filters' : 'No activity yet'}
              text={
                filtered
                  ? `Widen the dates or choose ${site ? '"All sites", ' : ''}"Any way", "All events" or "Anyone".`
                  : 'Unlocks, PIN entries and door events appear here as they happen.'
              }
            />
          }
        >
          {(list) => (
            <ul className="divide-y divide-slate-100" aria-label="Activity entries">
              {list.map((it) => {
                const d = deviceOf(it.deviceId);
                return (
                  <ActivityRow
                    key={it.id}
                    item={it}
                    deviceName={deviceId === undefined ? (d?.name ?? `Device ${it.deviceId}`) : undefined}
                    zone={d?.timeZone ?? 'UTC'}
                  />
                );
              })}
            </ul>
          )}
        </QueryView>
      </Card>
      <div ref={sentinel} className="flex justify-center py-4 text-sm text-slate-600">
        {isFetchingNextPage || (naming && !namesPending) ? (
          <span className="flex items-center gap-2">
            <Spinner /> Loading older entries...
          </span>
        ) : hasNextPage ? (
          <Button variant="secondary" onClick={() => fetchNextPage()}>
            Load older entries
          </Button>
        ) : items.length ? (
          <span>{fromDay ? 'That is everything in this range.' : 'That is the whole log.'}</span>
        ) : null}
      </div>
    </div>
  );
}
