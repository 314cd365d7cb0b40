'use client';

import { DateTime } from 'luxon';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useMemo } from 'react';
import {
  Badge,
  Button,
  buttonClasses,
  Card,
  EmptyState,
  FormField,
  Input,
  PageHeader,
  QueryView,
  Select,
  Spinner,
} from '@/components/ui';
import { auditCsvUrl, useAuditLog, type AuditItem } from '@/lib/client/audit';
import { useDeviceDetails } from '@/lib/client/devices';
import { useOrgUsers, type MyOrganization } from '@/lib/client/organization';
import { AUDIT_ACTIONS, type AuditAction } from '@/lib/shared/audit/actions';
import { showInZone } from '@/lib/shared/access/schedule-text';
import { auditWords, viaWords } from '@/lib/shared/audit/words';
import { SiteFilter, siteIdOf, useSiteNames } from '@/components/sites/site-filter';
import { mayInOrg, OrgGate } from './org-gate';

const KINDS: [string, string][] = [
  ['access', 'Sharing and access'],
  ['pin', 'PINs'],
  ['link', 'Access links'],
  ['device', 'Devices and their settings'],
  ['group', 'Groups'],
  ['member', 'People and roles'],
  ['grant', 'Grants ended or kept'],
  ['webhook', 'Webhooks'],
  ['org', 'Security rules'],
  ['app', 'Connected apps'],
];
const ACTIONS = Object.keys(AUDIT_ACTIONS) as AuditAction[];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Organization > Audit log: who did what as an administrator, in words, when (in the door's zone), from where. */
export function AuditPage() {
  return (
    <OrgGate>
      {(org) =>
        mayInOrg(org, 'seeAudit') ? (
          <Audit org={org} />
        ) : (
          <EmptyState
            title="The audit log is for administrators"
            text="Ask an organization administrator if you need to know who changed something."
          />
        )
      }
    </OrgGate>
  );
}

/** The "What" filter: a kind ("access") or one action ("access.grant"), as the URL carries it. */
function actionsOf(what: string): AuditAction[] | undefined {
  if (!what) return undefined;
  if (what.includes('.')) return ACTIONS.includes(what as AuditAction) ? [what as AuditAction] : undefined;
  const of = ACTIONS.filter((a) => a.startsWith(`${what}.`));
  return of.length ? of : undefined;
}

function Audit({ org }: { org: MyOrganization }) {
  const sp = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const what = sp.get('action') ?? sp.get('kind') ?? '';
  const person = sp.get('person')?.trim() ?? '';
  const doorParam = sp.get('door') ?? '';
  const door = /^\d+$/.test(doorParam) ? Number(doorParam) : undefined;
  // a site (building, issue 35): entries about its devices and about the site itself; 'none': about
  // doors in no site
  const site = sp.get('site') ?? '';
  const siteId = siteIdOf(site);
  const sites = useSiteNames(org.id);
  const details = useDeviceDetails();
  const doors = useMemo(
    () =>
      [...(details.data?.locks ?? []), ...(details.data?.gates ?? [])]
        .map((d) => ({ id: d.id, name: d.name, siteId: d.siteId }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [details.data],
  );
  const fromDay = DAY.test(sp.get('from') ?? '') ? sp.get('from')! : '';
  const toDay = DAY.test(sp.get('to') ?? '') ? sp.get('to')! : '';
  const zone = org.timeZone;
  const filters = useMemo(
    () => ({
      actions: actionsOf(what),
      from: fromDay ? DateTime.fromISO(fromDay, { zone }).startOf('day').toUTC().toISO()! : undefined,
      to: toDay ? DateTime.fromISO(toDay, { zone }).plus({ days: 1 }).startOf('day').toUTC().toISO()! : undefined,
      deviceId: door,
      person: person || undefined,
      siteId,
    }),
    [what, fromDay, toDay, zone, door, person, siteId],
  );
  const log = useAuditLog(org.id, filters);
  const items = log.data?.pages.flat() ?? [];
  const filtered = !!(what || person || door || fromDay || toDay) || siteId !== undefined;
  const set = (name: string, value: string) => {
    const q = new URLSearchParams(sp.toString());
    if (name === 'action') q.delete('kind');
    // a door of another site would match nothing: choosing a site clears it
    if (
      name === 'site' &&
      door !== undefined &&
      value &&
      (doors.find((d) => d.id === door)?.siteId ?? 0) !== siteIdOf(value)
    )
      q.delete('door');
    if (value) q.set(name, value);
    else q.delete(name);
    router.push(`${pathname}${q.size ? `?${q}` : ''}`, { scroll: false });
  };
  return (
    <div>
      <PageHeader
        title="Audit log"
        description={`Who shared, revoked or changed what in ${org.name}, when and from where. Times are in each door’s time zone; changes without a door in the organization’s (${zone}).`}
        actions={
          <a
            href={auditCsvUrl(org.id, filters)}
            download
            className={buttonClasses('secondary', 'md')}
            aria-label={filtered ? 'Download these entries as CSV' : 'Download the audit log as CSV'}
          >
            Download CSV
          </a>
        }
      />
      <div className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-6">
        <PersonFilter orgId={org.id} value={person} onChange={(v) => set('person', v)} />
        <SiteFilter
          sites={sites}
          value={siteId === undefined ? '' : site}
          onChange={(v) => set('site', v)}
          anyWithout={doors.some((d) => d.siteId == null)}
          className="col-span-2 sm:col-span-1"
        />
        <DoorFilter
          doors={siteId === undefined ? doors : doors.filter((d) => (d.siteId ?? 0) === siteId)}
          value={door}
          onChange={(v) => set('door', v)}
        />
        <FormField label="What" className="col-span-2 sm:col-span-1">
          <Select value={what} onChange={(e) => set('action', e.target.value)}>
            <option value="">Everything</option>
            {KINDS.map(([k, label]) => {
              const of = ACTIONS.filter((a) => a.startsWith(`${k}.`));
              return (
                <optgroup key={k} label={label}>
                  {of.length > 1 ? <option value={k}>All: {label}</option> : null}
                  {of.map((a) => (
                    <option key={a} value={a}>
                      {AUDIT_ACTIONS[a]}
                    </option>
                  ))}
                </optgroup>
              );
            })}
          </Select>
        </FormField>
        <FormField label="From">
          <Input type="date" value={fromDay} max={toDay || undefined} onChange={(e) => set('from', e.target.value)} />
        </FormField>
        <FormField label="To (including)">
          <Input type="date" value={toDay} min={fromDay || undefined} onChange={(e) => set('to', e.target.value)} />
        </FormField>
      </div>
      {filtered ? (
        <div className="mb-3 flex justify-end">
          <Button variant="ghost" size="sm" onClick={() => router.push(pathname, { scroll: false })}>
            Clear filters
          </Button>
        </div>
      ) : null}
      <Card flush>
        <QueryView query={log} loading={{ rows: 5, label: 'Loading the audit log' }}>
          {() =>
            !items.length ? (
              <EmptyState
                title={filtered ? 'Nothing matches these filters' : 'Nothing recorded yet'}
                text="Shares, revokes, PIN, link, group and settings changes appear here as administrators make them."
              />
            ) : (
              <ul className="divide-y divide-slate-100" aria-label="Audit entries">
                {items.map((it) => (
                  <AuditRow key={it.id} item={it} />
                ))}
              </ul>
            )
          }
        </QueryView>
      </Card>
      <div className="flex justify-center py-4 text-sm text-slate-600">
        {log.isFetchingNextPage ? (
          <span className="flex items-center gap-2">
            <Spinner /> Loading older entries...
          </span>
        ) : log.hasNextPage ? (
          <Button variant="secondary" onClick={() => log.fetchNextPage()}>
            Load older entries
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** People of the organization by name; a person the URL names who is not among them (a guest from outside) stays choosable. */
function PersonFilter({ orgId, value, onChange }: { orgId: number; value: string; onChange: (v: string) => void }) {
  const people = useOrgUsers(orgId, { page: 1, itemsPerPage: 100 });
  const rows = (people.data ?? []).filter((p) => p.status === 'active');
  const known = rows.some((p) => p.email.toLowerCase() === value.toLowerCase());
  return (
    <FormField label="Person (by or about)" className="col-span-2 sm:col-span-1">
      <Select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Anyone</option>
        {value && !known ? <option value={value}>{value}</option> : null}
        {rows.map((p) => (
          <option key={p.email} value={p.email}>
            {p.displayName === p.email ? p.email : `${p.displayName} (${p.email})`}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

/** The caller's locks and gates by name (of the chosen site). */
function DoorFilter({
  doors,
  value,
  onChange,
}: {
  doors: { id: number; name: string }[];
  value: number | undefined;
  onChange: (v: string) => void;
}) {
  return (
    <FormField label="Door" className="col-span-2 sm:col-span-1">
      <Select value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">Any door</option>
        {value !== undefined && !doors.some((d) => d.id === value) ? (
          <option value={value}>Device {value}</option>
        ) : null}
        {doors.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

/** One entry in words, with who did it, how and when in its door's zone (also on a person's page). */
export function AuditRow({ item }: { item: AuditItem }) {
  const w = auditWords(item);
  return (
    <li className="px-4 py-3" data-testid="audit-entry">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:gap-4">
        <div className="min-w-0 flex-1">
          <p className="break-words text-slate-900">{w.text}</p>
          {w.changes.length ? (
            <ul className="mt-1 space-y-0.5 text-sm text-slate-700" aria-label="Changes">
              {w.changes.map((c) => (
                <li key={c} className="break-words">
                  {c}
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-1 text-sm text-slate-600">
            by <span className="font-medium text-slate-800">{item.actor.name}</span>{' '}
            <Badge tone="neutral" icon={false}>
              {viaWords(item.actor.via)}
            </Badge>{' '}
            {item.clientAddress ? `from ${item.clientAddress}` : null}
          </p>
        </div>
        <time dateTime={item.date} className="shrink-0 text-sm text-slate-900 sm:text-right">
          {showInZone(item.date, item.timeZone)}
          <span className="block text-xs text-slate-500">{item.timeZone}</span>
        </time>
      </div>
    </li>
  );
}
