'use client';

import { RowAction } from '@/components/ui';
import type { AccessKey } from '@/lib/client/account';
import { KeyStatusBadge, ScopeChips } from './key-status';
import { relative } from '@/lib/shared/time-text';
import { fmtDate } from './when';

/** The keys on a phone: one card each, everything visible without scrolling sideways. */
export function KeyCards({ keys, onRevoke }: { keys: AccessKey[]; onRevoke: (k: AccessKey) => void }) {
  const now = Date.now();
  return (
    <ul className="divide-y divide-slate-200" aria-label="Your access keys">
      {keys.map((k) => (
        <li key={k.id} className={k.status === 'revoked' ? 'p-4 text-slate-500' : 'p-4'}>
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900">{k.name}</p>
              <p className="font-mono text-xs text-slate-600">slk_{k.prefix}_…</p>
            </div>
            <KeyStatusBadge k={k} now={now} />
          </div>
          <ScopeChips k={k} className="mt-2" />
          <dl className="mt-2 grid grid-cols-2 gap-x-3 text-sm">
            <dt className="text-xs text-slate-500">{k.status === 'expired' ? 'Expired' : 'Expires'}</dt>
            <dt className="text-xs text-slate-500">Last used</dt>
            <dd>
              {fmtDate(k.validTo)} <span className="text-xs text-slate-500">({relative(k.validTo, now)})</span>
            </dd>
            <dd>{k.lastUsed ? relative(k.lastUsed, now) : <span className="text-slate-500">Never</span>}</dd>
          </dl>
          {k.status !== 'revoked' ? (
            <RowAction
              action="Revoke"
              of={k.name}
              danger
              variant="secondary"
              className="mt-3 w-full"
              onClick={() => onRevoke(k)}
            />
          ) : k.revoked ? (
            <p className="mt-2 text-xs">Revoked on {fmtDate(k.revoked)}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
