'use client';

import { useState } from 'react';
import { Button, Dialog, FormError, FormField, QueryView, Select, useToast } from '@/components/ui';
import {
  useLastReport,
  useMyReports,
  useSubscribeReport,
  useUnsubscribeReport,
  type Frequency,
  type SiteReport,
} from '@/lib/client/reports';
import type { Site } from '@/lib/client/sites';
import { showInZone } from '@/lib/shared/access/schedule-text';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
const WHEN: Record<Frequency, string> = { weekly: 'every Monday', monthly: 'on the 1st of every month' };

/**
 * A site's reports (issue 35): the viewer's own subscriptions (weekly or monthly, mailed at an hour
 * of the site's zone, with the CSV attached), and last week's report at a glance.
 */
export function ReportsDialog({ orgId, site, onClose }: { orgId: number; site: Site | null; onClose: () => void }) {
  return (
    <Dialog open={!!site} onClose={onClose} title={site ? `Reports of ${site.name}` : ''} size="lg">
      {site ? <Reports orgId={orgId} site={site} /> : null}
    </Dialog>
  );
}

function Reports({ orgId, site }: { orgId: number; site: Site }) {
  const mine = useMyReports(orgId, site.id);
  const last = useLastReport(orgId, site.id, 'weekly');
  const subscribe = useSubscribeReport(orgId, site.id);
  const unsubscribe = useUnsubscribeReport(orgId, site.id);
  const toast = useToast();
  const [frequency, setFrequency] = useState<Frequency>('weekly');
  const [hour, setHour] = useState(8);
  const at = (iso: string) => showInZone(iso, site.timeZone);

  return (
    <div className="flex flex-col gap-6 text-sm">
      <section aria-label="Your reports">
        <h3 className="font-semibold text-slate-900">Your reports</h3>
        <p className="text-slate-600">
          Mailed to you with a CSV of every line: openings per door and per person, refusals, doors that needed
          attention, people added and removed. Times are {site.timeZone}.
        </p>
        <QueryView
          query={mine}
          loading={{ rows: 1, label: 'Loading your reports' }}
          empty={<p className="mt-2 text-slate-600">You get no report of this site yet.</p>}
        >
          {(subs) => (
            <ul className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200">
              {subs.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                  <span>
                    <span className="font-medium text-slate-900">
                      {s.frequency === 'weekly' ? 'Weekly' : 'Monthly'}
                    </span>
                    , {WHEN[s.frequency]} at {hh(s.hour)}; next {at(s.nextAt)}
                  </span>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-700"
                    loading={unsubscribe.isPending && unsubscribe.variables === s.id}
                    aria-label={`Stop the ${s.frequency} report`}
                    onClick={async () => {
                      await unsubscribe.mutateAsync(s.id);
                      toast.success(`You no longer get the ${s.frequency} report of ${site.name}`);
                    }}
                  >
                    Stop
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
        <form
          className="mt-3 flex flex-wrap items-end gap-3"
          onSubmit={async (e) => {
            e.preventDefault();
            const s = await subscribe.mutateAsync({ frequency, hour });
            toast.success(`The ${s.frequency} report of ${site.name} comes ${at(s.nextAt)}`);
          }}
        >
          <FormField label="Report">
            <Select value={frequency} onChange={(e) => setFrequency(e.target.value as Frequency)}>
              <option value="weekly">Weekly (Mondays)</option>
              <option value="monthly">Monthly (on the 1st)</option>
            </Select>
          </FormField>
          <FormField label="At">
            <Select value={hour} onChange={(e) => setHour(Number(e.target.value))}>
              {HOURS.map((h) => (
                <option key={h} value={h}>
                  {hh(h)}
                </option>
              ))}
            </Select>
          </FormField>
          <Button type="submit" loading={subscribe.isPending}>
            Subscribe
          </Button>
        </form>
        {subscribe.error ? <FormError className="mt-2">{subscribe.error.message}</FormError> : null}
      </section>
      <section aria-label="Last week">
        <QueryView query={last} loading={{ rows: 2, label: "Loading last week's report" }}>
          {(r) => <LastWeek report={r} />}
        </QueryView>
      </section>
    </div>
  );
}

function LastWeek({ report: r }: { report: SiteReport }) {
  const total = r.openingsPerDoor.reduce((n, x) => n + x.count, 0);
  const refused = r.refusalsPerDoor.reduce((n, x) => n + x.count, 0);
  return (
    <>
      <h3 className="font-semibold text-slate-900">Last week ({r.period.label})</h3>
      <p className="text-slate-700">
        {total} {total === 1 ? 'opening' : 'openings'}, {refused} refused, {r.attentionPerDoor.length}{' '}
        {r.attentionPerDoor.length === 1 ? 'door' : 'doors'} needed attention, {r.people.length}{' '}
        {r.people.length === 1 ? 'change' : 'changes'} of who has access.
      </p>
      {r.openingsPerDoor.length ? (
        <ul className="mt-1 list-disc pl-5 text-slate-700">
          {r.openingsPerDoor.slice(0, 5).map((x) => (
            <li key={x.name}>
              {x.name}: {x.count}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
