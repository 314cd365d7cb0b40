'use client';

import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  PageHeader,
  QueryView,
  Table,
  TBody,
  Td,
  Th,
  THead,
  Tr,
  useToast,
  ConfirmItemDialog,
} from '@/components/ui';
import { useLiftLockdown, useLockdowns, useStartLockdown, type Lockdown } from '@/lib/client/lockdowns';
import type { MyOrganization } from '@/lib/client/organization';
import { useAllSites } from '@/lib/client/sites';
import { decideLockdownControl } from '@/lib/shared/policy';
import { OrgGate } from '@/components/organization/org-gate';
import { LockdownBanner } from './banner';
import { LockdownSummary } from './lockdown-notice';
import { StartLockdownDialog } from './start-dialog';
import { liftedWhen, lockdownSince } from './words';

export function LockdownPage() {
  return <OrgGate>{(org) => <Lockdowns org={org} />}</OrgGate>;
}

function Lockdowns({ org }: { org: MyOrganization }) {
  const list = useLockdowns(org.id);
  const sites = useAllSites(org.id);
  const start = useStartLockdown(org.id);
  const lift = useLiftLockdown(org.id);
  const toast = useToast();
  const [starting, setStarting] = useState(false);
  const [lifting, setLifting] = useState<Lockdown | null>(null);
  // the scopes the viewer may lock down (lib/shared/policy: decideLockdownControl)
  const mayControl = (siteId: number | null) => decideLockdownControl(org.role, org.siteIds, siteId).ok;
  const reachable = (sites.data ?? []).filter((s) => mayControl(s.id));
  const canStart = mayControl(null) || reachable.length > 0;
  const where = (l: Lockdown) => l.siteName ?? `All of ${org.name}`;

  return (
    <>
      <PageHeader
        title="Lockdown"
        description={`In an emergency, lock a building down: its locks are locked and no access, access link, PIN or phone opens its doors until the lockdown is lifted, except for the owner and the administrators you name. ${org.role >= 1 ? '' : 'Administrators start and lift lockdowns.'}`}
        actions={
          canStart ? (
            <Button variant="danger" onClick={() => setStarting(true)}>
              Start a lockdown
            </Button>
          ) : null
        }
      />
      <QueryView
        query={list}
        loading={{ rows: 3, label: 'Loading lockdowns' }}
        empty={
          <EmptyState
            title="No lockdown in the last 30 days"
            text={canStart ? 'Start one when a building must be closed at once.' : 'Nothing is locked down.'}
          />
        }
      >
        {(items) => (
          <div className="flex flex-col gap-6">
            {items
              .filter((l) => !l.liftedAt)
              .map((l) => (
                <section key={l.id} aria-label={`Lockdown of ${where(l)}`} className="flex flex-col gap-3">
                  <LockdownBanner
                    title={`${where(l)} is locked down`}
                    action={
                      mayControl(l.siteId) ? (
                        <Button variant="secondary" onClick={() => setLifting(l)}>
                          Lift lockdown
                        </Button>
                      ) : null
                    }
                  >
                    <LockdownSummary lockdown={l} />
                  </LockdownBanner>
                  {l.locks.waiting.length ? <WaitingLocks lockdown={l} /> : null}
                </section>
              ))}
            <Recent items={items.filter((l) => l.liftedAt)} where={where} />
          </div>
        )}
      </QueryView>
      <StartLockdownDialog
        open={starting}
        org={org}
        sites={reachable}
        wholeOrganization={mayControl(null)}
        onClose={() => setStarting(false)}
        onSubmit={async (body) => {
          const l = await start.mutateAsync(body);
          toast.success(`${l.siteName ?? org.name} is locked down`, 'Its locks are being locked.');
        }}
      />
      <ConfirmItemDialog
        item={lifting}
        title={(l) => `Lift the lockdown of ${where(l)}?`}
        message="Its doors open again as their accesses, access links and PINs say. The locks stay locked; the PINs go back on the keypads as the locks are reached."
        confirmLabel="Lift lockdown"
        tone="primary"
        onClose={() => setLifting(null)}
        onConfirm={async (l) => {
          await lift.mutateAsync(l.id);
          toast.success(`The lockdown of ${where(l)} is lifted`);
        }}
      />
    </>
  );
}

/** The locks that have not confirmed the lock command, retried until they do. */
function WaitingLocks({ lockdown: l }: { lockdown: Lockdown }) {
  return (
    <Card flush>
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">Not locked yet</h2>
        <p className="text-sm text-slate-600">
          These locks have not confirmed the lock command. The service keeps sending it until each does.
        </p>
      </div>
      <Table>
        <THead>
          <Tr>
            <Th>Lock</Th>
            <Th>Tries</Th>
            <Th>Last answer</Th>
          </Tr>
        </THead>
        <TBody>
          {l.locks.waiting.map((w) => (
            <Tr key={w.deviceId}>
              <Td className="font-medium text-slate-900">{w.name}</Td>
              <Td>{w.attempts}</Td>
              <Td>{w.lastError ?? (w.attempts ? 'Locking…' : 'Waiting for its turn')}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </Card>
  );
}

function Recent({ items, where }: { items: Lockdown[]; where: (l: Lockdown) => string }) {
  if (!items.length) return null;
  return (
    <Card flush>
      <h2 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">
        Lifted in the last 30 days
      </h2>
      <ul className="divide-y divide-slate-200">
        {items.map((l) => (
          <li key={l.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-3 text-sm">
            <span className="font-medium text-slate-900">{where(l)}</span>
            <Badge tone="neutral">{liftedWhen(l)}</Badge>
            <span className="text-slate-600">
              {lockdownSince(l)}. Reason: {l.reason}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
