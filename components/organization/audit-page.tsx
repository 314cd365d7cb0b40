'use client';

import { DateTime } from 'luxon';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useMemo } from 'react';
import { Badge, Button, Card, EmptyState, ErrorState, FormField, Input, PageHeader, Select, SkeletonRows, Spinner } from '@/components/ui';
import { useAuditLog, type AuditItem } from '@/lib/client/audit';
import type { MyOrganization } from '@/lib/client/organization';
import { AUDIT_ACTIONS } from '@/lib/domain/audit';
import { mayInOrg, OrgGate } from './org-gate';

const KINDS: [string, string][] = [
  ['access', 'Sharing and access'],
  ['pin', 'PINs'],
  ['link', 'Access links'],
  ['device', 'Device settings'],
  ['group', 'Groups'],
  ['member', 'People and roles'],
  ['webhook', 'Webhooks'],
];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Organization > Audit log: who did what as an administrator, when, from where, before and after. */
export function AuditPage() {
  return (
    <OrgGate>
      {(org) =>
        mayInOrg(org, 'seeAudit') ? (
          <Audit org={org} />
        ) : (
          <EmptyState title="The audit log is for administrators" text="Ask an organization administrator if you need to know who changed something." />
        )
      }
    </OrgGate>
  );
}

function Audit({ org }: { org: MyOrganization }) {
  const sp = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const kind = sp.get('kind') ?? '';
  const fromDay = DAY.test(sp.get('from') ?? '') ? sp.get('from')! : '';
  const toDay = DAY.test(sp.get('to') ?? '') ? sp.get('to')! : '';
  const zone = org.timeZone;
  const filters = useMemo(
    () => ({
      actions: kind ? Object.keys(AUDIT_ACTIONS).filter((a) => a.startsWith(`${kind}.`)) : undefined,
      from: fromDay ? DateTime.fromISO(fromDay, { zone }).startOf('day').toUTC().toISO()! : undefined,
      to: toDay ? DateTime.fromISO(toDay, { zone }).plus({ days: 1 }).startOf('day').toUTC().toISO()! : undefined,
    }),
    [kind, fromDay, toDay, zone],
  );
  const log = useAuditLog(org.id, filters);
  const items = log.data?.pages.flat() ?? [];
  const set = (name: string, value: string) => {
    const q = new URLSearchParams(sp.toString());
    if (value) q.set(name, value);
    else q.delete(name);
    router.push(`${pathname}${q.size ? `?${q}` : ''}`, { scroll: false });
  };
  return (
    <div>
      <PageHeader title="Audit log" description={`Who shared, revoked or changed what in ${org.name}, when and from where. Times in ${zone}.`} />
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <FormField label="What">
          <Select value={kind} onChange={(e) => set('kind', e.target.value)}>
            <option value="">Everything</option>
            {KINDS.map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="From">
          <Input type="date" value={fromDay} max={toDay || undefined} onChange={(e) => set('from', e.target.value)} />
        </FormField>
        <FormField label="To (including)">
          <Input type="date" value={toDay} min={fromDay || undefined} onChange={(e) => set('to', e.target.value)} />
        </FormField>
      </div>
      <Card flush>
        {log.isPending ? (
          <SkeletonRows rows={5} label="Loading the audit log" />
        ) : log.isError ? (
          <ErrorState message={log.error.message} onRetry={() => log.refetch()} retrying={log.isFetching} />
        ) : !items.length ? (
          <EmptyState title={kind || fromDay || toDay ? 'Nothing matches these filters' : 'Nothing recorded yet'} text="Shares, revokes, PIN, link, group and settings changes appear here as administrators make them." />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Audit entries">
            {items.map((it) => (
              <AuditRow key={it.id} item={it} zone={zone} />
            ))}
          </ul>
        )}
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

const show = (v: unknown) => (v === null || v === undefined ? '—' : Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v));

function AuditRow({ item, zone }: { item: AuditItem; zone: string }) {
  const at = DateTime.fromISO(item.date).setZone(zone);
  const keys = [...new Set([...Object.keys(item.before ?? {}), ...Object.keys(item.after ?? {})])];
  return (
    <li className="px-4 py-3">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:gap-4">
        <div className="min-w-0 flex-1">
          <p className="text-slate-900">
            <span className="font-medium">{item.actor.name}</span> · {item.actionName}
            {item.target.name ? <span className="text-slate-700">: {item.target.name}</span> : null}
          </p>
          <p className="text-sm text-slate-600">
            <Badge tone="neutral" icon={false}>
              {item.actor.via === 'key' ? 'Access key' : 'Portal'}
            </Badge>{' '}
            {item.clientAddress ? `from ${item.clientAddress}` : null}
          </p>
        </div>
        <time dateTime={item.date} className="text-sm text-slate-900 sm:text-right">
          {at.toFormat('d LLL yyyy, HH:mm:ss')} <span className="text-slate-500">{zone}</span>
        </time>
      </div>
      {keys.length ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-indigo-700">Before and after</summary>
          <table className="mt-2 w-full text-left">
            <thead className="text-slate-600">
              <tr>
                <th className="py-1 pr-4 font-medium">Field</th>
                <th className="py-1 pr-4 font-medium">Before</th>
                <th className="py-1 font-medium">After</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => (
                <tr key={k} className="border-t border-slate-100">
                  <td className="py-1 pr-4 text-slate-600">{k}</td>
                  <td className="break-all py-1 pr-4">{show(item.before?.[k])}</td>
                  <td className="break-all py-1">{show(item.after?.[k])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </li>
  );
}
