'use client';

import { RowAction, Table, TBody, Td, Th, THead, Tr } from '@/components/ui';
import type { AccessKey } from '@/lib/client/account';
import { KeyStatusBadge, ScopeChips } from './key-status';
import { relative } from '@/lib/shared/time-text';
import { fmtDate, fmtDateTime } from './when';

/** The keys: name and prefix, scopes, expiry, last use, status, revoke. */
export function KeysTable({ keys, onRevoke }: { keys: AccessKey[]; onRevoke: (k: AccessKey) => void }) {
  const now = Date.now();
  return (
    <Table caption="Your access keys">
      <THead>
        <Tr>
          <Th>Name</Th>
          <Th>Scopes</Th>
          <Th>Expires</Th>
          <Th>Last used</Th>
          <Th>Status</Th>
          {/* relative: keeps the absolutely placed sr-only text inside the sideways-scrolling box on phones */}
          <Th className="relative text-right">
            <span className="sr-only">Actions</span>
          </Th>
        </Tr>
      </THead>
      <TBody>
        {keys.map((k) => (
          <Tr key={k.id} className={k.status === 'revoked' ? 'text-slate-500' : undefined}>
            <Td>
              <div className="font-medium text-slate-900">{k.name}</div>
              <div className="font-mono text-xs text-slate-600" title="The start of the key, to recognize it">
                slk_{k.prefix}_…
              </div>
            </Td>
            <Td>
              <ScopeChips k={k} className="max-w-xs" />
            </Td>
            <Td className="whitespace-nowrap">
              <span title={fmtDateTime(k.validTo)}>{fmtDate(k.validTo)}</span>
              <div className="text-xs text-slate-500">{relative(k.validTo, now)}</div>
            </Td>
            <Td className="whitespace-nowrap">
              {k.lastUsed ? (
                <span title={fmtDateTime(k.lastUsed)}>{relative(k.lastUsed, now)}</span>
              ) : (
                <span className="text-slate-500">Never</span>
              )}
            </Td>
            <Td>
              <KeyStatusBadge k={k} now={now} />
              {k.revoked ? <div className="mt-1 text-xs text-slate-500">on {fmtDate(k.revoked)}</div> : null}
            </Td>
            <Td className="whitespace-nowrap text-right">
              {k.status !== 'revoked' ? (
                <RowAction action="Revoke" of={k.name} danger onClick={() => onRevoke(k)} />
              ) : null}
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
