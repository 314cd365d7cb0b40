'use client';

import { DateTime } from 'luxon';
import { Link } from '@/components/ui/link';
import { useQuery } from '@tanstack/react-query';
import { ActivityRow } from '@/components/activity/activity-row';
import { Badge, ButtonLink, Card, EmptyState, PageHeader, QueryView } from '@/components/ui';
import type { ActivityItem } from '@/lib/client/activity';
import { apiFetch } from '@/lib/client/api';
import { useAttention, useDeviceDetails, type Attention } from '@/lib/client/devices';
import { DETAILS_IDS_AT_ONCE } from '@/lib/shared/devices/codes';
import type { PendingInvitation } from '@/lib/domain/account/pending-invitations';
import type { YourDoor } from '@/lib/domain/devices/overview';
import { attentionItems, tilesOf } from './attention';
import { YourDoors } from './your-doors';
import { SiteFilter, siteIdOf, useSiteNames } from '@/components/sites/site-filter';
import { useRouter } from 'next/navigation';

/**
 * Home, the first page after sign-in: what needs attention now (most urgent first, each with its
 * one next action), what just happened, and counts by state. Built from the same API as the rest.
 */
export function HomePage({
  name,
  email,
  invitations = [],
  initialAttention,
  doors = null,
  site = '',
}: {
  name: string;
  email?: string;
  invitations?: PendingInvitation[];
  /** the server's list, prefetched by the page (the same GET /my/attention answers afterwards) */
  initialAttention?: Attention;
  /** a member's or guest's doors with the policy's answers (null for organization administrators) */
  doors?: YourDoor[] | null;
  /** the URL's site ('' every site, 'none', or a site's id): Home of one building (issue 35) */
  site?: string;
}) {
  const siteId = siteIdOf(site);
  const list = useAttention(initialAttention, siteId);
  const recent = useQuery({
    queryKey: ['device-activity', 'home', siteId ?? 'all'],
    queryFn: ({ signal }) => apiFetch<ActivityItem[]>('/my/deviceactivity', { query: { elements: 8, siteId }, signal }),
  });
  // Home names only the devices of its recent entries and a member's doors: it reads those, not
  // every device (a big organization's are ~11 MB), unless a member has more doors than one read names
  const named = [...new Set([...(recent.data ?? []).map((it) => it.deviceId), ...(doors ?? []).map((d) => d.id)])];
  const few = named.length <= DETAILS_IDS_AT_ONCE;
  const details = useDeviceDetails(few ? { ids: named, enabled: !recent.isPending && named.length > 0 } : {});
  const sites = useSiteNames();
  const router = useRouter();
  const zones = new Map(
    [...(details.data?.locks ?? []), ...(details.data?.gates ?? []), ...(details.data?.bridges ?? [])].map((d) => [
      d.id,
      { name: d.name, zone: d.timeZone },
    ]),
  );
  const attention = list.data ? attentionItems(list.data) : [];
  const tiles = list.data ? tilesOf(list.data) : null;
  const c = list.data?.counts;
  const none = c ? c.locks + c.gates + c.bridges + c.doorSensors === 0 : false;

  return (
    <div className="space-y-6">
      <PageHeader
        title={`Hello, ${name}`}
        description={`What needs you now, and what just happened at your doors${siteId === undefined ? '' : site === 'none' ? ' in no site' : ` in ${sites.nameOf(siteId) ?? 'this site'}`}.`}
        actions={
          sites.sites.length > 1 || site ? (
            <SiteFilter
              sites={sites}
              value={site}
              anyWithout={false}
              onChange={(v) => router.push(v ? `/home?site=${encodeURIComponent(v)}` : '/home')}
              className="min-w-48"
            />
          ) : null
        }
      />
      {invitations.length ? <Invitations invitations={invitations} email={email} /> : null}
      {doors ? <YourDoors doors={doors} locks={details.data?.locks ?? []} gates={details.data?.gates ?? []} /> : null}
      {tiles ? (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Counts">
          {tiles.map((t) => (
            <Link
              key={t.label}
              // the Devices list of the same site
              href={site ? `${t.href}&site=${encodeURIComponent(site)}` : t.href}
              className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-indigo-300 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <dt className="text-sm text-slate-600">{t.label}</dt>
              <dd className="mt-1 text-2xl font-semibold text-slate-900">
                {t.n}
                {t.note ? <span className="ml-2 text-sm font-medium text-red-700">· {t.note}</span> : null}
              </dd>
            </Link>
          ))}
        </dl>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card
          title="Needs attention"
          description={
            list.data
              ? attention.length
                ? `${attention.length} ${attention.length === 1 ? 'thing' : 'things'}, most urgent first.`
                : undefined
              : undefined
          }
          flush
        >
          <QueryView query={list} loading={{ rows: 3, label: 'Loading devices' }}>
            {() =>
              none ? (
                <EmptyState
                  title="No devices yet"
                  text="When someone shares a lock or gate with you, or you add one to your account, it appears here."
                />
              ) : attention.length === 0 ? (
                <EmptyState
                  title="All good"
                  text="Every door can be opened now, no door is left open, batteries are fine."
                />
              ) : (
                <ul className="divide-y divide-slate-100" aria-label="Needs attention">
                  {attention.map((a) => (
                    <li
                      key={a.key}
                      data-device-id={a.deviceId}
                      data-cannot-open={a.tone === 'problem' ? '' : undefined}
                      className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4"
                    >
                      <div className="min-w-0 flex-1">
                        <div className="flex flex-wrap items-center gap-2">
                          <Badge tone={a.tone}>{a.badge}</Badge>
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
              )
            }
          </QueryView>
        </Card>
        <Card
          title="Just happened"
          actions={
            <Link href="/activity" className="text-sm font-medium text-indigo-700 hover:underline">
              All activity
            </Link>
          }
          flush
        >
          <QueryView
            query={recent}
            // the entries wait for their devices' names and zones rather than show "Device 12" in UTC first
            also={recent.data?.length ? [details] : []}
            loading={{ rows: 4, label: 'Loading activity' }}
            empty={
              <EmptyState title="Nothing yet" text="Unlocks, PIN entries and door events appear here as they happen." />
            }
          >
            {(data) => (
              <ul className="divide-y divide-slate-100" aria-label="Recent activity">
                {data.map((it) => (
                  <ActivityRow
                    key={it.id}
                    item={it}
                    deviceName={zones.get(it.deviceId)?.name ?? `Device ${it.deviceId}`}
                    zone={zones.get(it.deviceId)?.zone ?? 'UTC'}
                  />
                ))}
              </ul>
            )}
          </QueryView>
        </Card>
      </div>
    </div>
  );
}

/** Invitations waiting for this person, first on Home: what, from whom, until when, and how to take it. */
function Invitations({ invitations, email }: { invitations: PendingInvitation[]; email?: string }) {
  return (
    <Card
      title={
        invitations.length === 1
          ? 'An invitation is waiting for you'
          : `${invitations.length} invitations are waiting for you`
      }
      description={`Open the invitation mail we sent${email ? ` to ${email}` : ''} and choose Accept there: the link in it is what lets you in.`}
    >
      <ul className="space-y-2" aria-label="Invitations waiting for you">
        {invitations.map((inv) => (
          <li key={`${inv.kind}-${inv.name}-${inv.expiresAt}`} className="text-sm text-slate-800">
            {inv.kind === 'organization' ? (
              <>
                Join <strong>{inv.name}</strong> as {inv.as === 'administrator' ? 'an administrator' : 'a member'}
              </>
            ) : (
              <>
                Open <strong>{inv.name}</strong> as {inv.as === 'administrator' ? 'an administrator' : 'a guest'}
              </>
            )}
            {inv.invitedBy ? <>, from {inv.invitedBy}</> : null}
            <span className="text-slate-600">
              {' '}
              · valid until {DateTime.fromISO(inv.expiresAt, { zone: 'utc' }).toFormat('d LLL yyyy')}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
