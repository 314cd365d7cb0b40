'use client';

import { Badge } from '@/components/ui';
import type { MemberResult } from '@/lib/client/organization';

export interface ResultReport {
  action: 'add' | 'remove';
  asked: number[];
  results: MemberResult[];
}

/**
 * The per-person outcome of a 207: who was added/removed, who was refused and why, and who
 * was skipped (already in the group / not in it: the API gives them no entry).
 */
export function MemberResults({
  report,
  nameOf,
}: {
  report: ResultReport;
  nameOf: (organizationUserId: number) => string;
}) {
  const answered = new Set(report.results.map((r) => r.organizationUserId));
  const skipped = report.asked.filter((id) => !answered.has(id));
  const verb = report.action === 'add' ? 'Added' : 'Removed';
  return (
    <section
      aria-label="Results"
      aria-live="polite"
      className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm"
    >
      <h3 className="mb-2 font-medium text-slate-900">Results</h3>
      <ul className="space-y-1">
        {report.results.map((r) => (
          <li key={r.organizationUserId} className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{nameOf(r.organizationUserId)}</span>
            {r.success ? <Badge tone="ok">{verb}</Badge> : <Badge tone="problem">Refused</Badge>}
            {r.error ? <span className="text-red-800">{r.error.message}</span> : null}
          </li>
        ))}
        {skipped.map((id) => (
          <li key={id} className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{nameOf(id)}</span>
            <Badge tone="neutral">Skipped</Badge>
            <span className="text-slate-600">
              {report.action === 'add' ? 'already in the group' : 'was not in the group'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
