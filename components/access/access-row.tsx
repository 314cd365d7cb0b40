'use client';

import { Badge, Button, Td, Tr } from '@/components/ui';
import type { AccessRecord } from '@/lib/client/access';
import { describeDates, describeDays, describeWindow, validity } from '@/lib/domain/access/schedule-text';

const ROLE = ['Guest', 'Administrator', 'Owner'];

export function StatusBadge({ a }: { a: AccessRecord }) {
  if (a.isPending) return <Badge tone="warning">Pending sign-up</Badge>;
  const v = validity(a.startDate, a.endDate);
  if (v === 'expired') return <Badge tone="neutral">Expired</Badge>;
  if (v === 'not-started') return <Badge tone="info">Starts later</Badge>;
  return <Badge tone="ok">Active</Badge>;
}

export function scheduleText(a: AccessRecord, zone: string): string[] {
  const parts = [describeDates(a.startDate, a.endDate, zone), describeDays(a.weekDays), describeWindow(a.dayStartTime, a.dayEndTime, zone) ?? 'all day'];
  return parts.filter((p): p is string => !!p);
}

interface Props {
  a: AccessRecord;
  zone: string;
  actions: boolean;
  onEdit: () => void;
  onRevoke: () => void;
}

export function AccessRow({ a, zone, actions, onEdit, onRevoke }: Props) {
  const group = a.principalType === 1;
  return (
    <Tr>
      <Td>
        <div className="font-medium text-slate-900">{a.principalName}</div>
        <div className="text-xs text-slate-600">{group ? 'Group: every member gets this access' : a.userEmail}</div>
      </Td>
      <Td>{ROLE[a.accessLevel] ?? a.accessLevel}</Td>
      <Td>{group ? 'Through group' : 'Direct'}</Td>
      <Td className="text-sm">
        {a.accessLevel === 2 ? 'Always' : scheduleText(a, zone).map((t) => <div key={t}>{t}</div>)}
      </Td>
      <Td className="text-sm">{a.remoteAccessDisabled ? 'Only at the door' : 'Also remotely'}</Td>
      <Td>
        <StatusBadge a={a} />
      </Td>
      <Td className="whitespace-nowrap text-right">
        {actions ? (
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit access of ${a.principalName}`}>
              Edit
            </Button>
            <Button size="sm" variant="danger" onClick={onRevoke} aria-label={`Revoke access of ${a.principalName}`}>
              Revoke
            </Button>
          </div>
        ) : null}
      </Td>
    </Tr>
  );
}
