'use client';

import { Badge, Button, RowAction, Td, Tr, useToast } from '@/components/ui';
import { apiMessage } from '@/lib/client/api';
import { useGroupMembers, useResendInvitation, type AccessRecord } from '@/lib/client/access';
import { describeDates, describeDays, describeWindow, validity } from '@/lib/shared/access/schedule-text';

const ROLE = ['Guest', 'Administrator', 'Owner'];

export function StatusBadge({ a }: { a: AccessRecord }) {
  if (a.isPending) return <Badge tone="warning">Invitation sent</Badge>;
  const v = validity(a.startDate, a.endDate);
  if (v === 'expired') return <Badge tone="neutral">Expired</Badge>;
  if (v === 'not-started') return <Badge tone="info">Starts later</Badge>;
  return <Badge tone="ok">Active</Badge>;
}

export function scheduleText(
  a: Pick<AccessRecord, 'accessLevel' | 'startDate' | 'endDate' | 'dayStartTime' | 'dayEndTime' | 'weekDays'>,
  zone: string,
): string[] {
  if (a.accessLevel === 2) return ['Always'];
  const window = describeWindow(a.dayStartTime, a.dayEndTime, zone);
  const days = a.weekDays === null || a.weekDays === 127 ? null : describeDays(a.weekDays);
  const parts = [describeDates(a.startDate, a.endDate, zone), days, window ?? (days ? 'all day' : null)].filter(
    (p): p is string => !!p,
  );
  return parts.length ? parts : ['Always'];
}

/** Who gets in through a group: its members by name (when the viewer may read the organization). */
function GroupMembers({ a, organizationId }: { a: AccessRecord; organizationId: number | null }) {
  const q = useGroupMembers(organizationId, a.principalId, a.principalType === 1);
  const names = q.data?.members?.map((m) => m.displayName) ?? [];
  if (!q.isSuccess) return null;
  return (
    <div className="text-xs text-slate-600">{names.length ? `Members: ${names.join(', ')}` : 'No members yet'}</div>
  );
}

const who = (a: AccessRecord) =>
  a.principalType === 1
    ? 'Group: every member gets this access'
    : a.isPending
      ? 'Invited by e-mail, not accepted yet'
      : a.userEmail;

/** An invitation not yet accepted: mail it again (a new link; the former stops working). */
function ResendButton({ a }: { a: AccessRecord }) {
  const resend = useResendInvitation(a.deviceId);
  const toast = useToast();
  if (!a.isPending) return null;
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={resend.isPending}
      aria-label={`Resend the invitation to ${a.principalName}`}
      onClick={() =>
        resend.mutate(a.id, {
          onSuccess: (r) =>
            toast.success(
              'Invitation sent again',
              `A new link went to ${r.userEmail}; the former one no longer works.`,
            ),
          onError: (e) => toast.error('Not sent', apiMessage(e)),
        })
      }
    >
      Resend
    </Button>
  );
}
const how = (a: AccessRecord) =>
  `${ROLE[a.accessLevel] ?? a.accessLevel}${a.principalType === 1 ? ' through group' : ''}`;
const remote = (a: AccessRecord) => (a.remoteAccessDisabled ? 'Only at the door' : 'Also remotely');

interface Props {
  a: AccessRecord;
  organizationId: number | null;
  zone: string;
  actions: boolean;
  onEdit: () => void;
  onRevoke: () => void;
}

export function AccessRow({ a, organizationId, zone, actions, onEdit, onRevoke }: Props) {
  return (
    <Tr>
      <Td>
        <div className="font-medium text-slate-900">{a.principalName}</div>
        <div className="text-xs text-slate-600">{who(a)}</div>
        <GroupMembers a={a} organizationId={organizationId} />
      </Td>
      <Td>
        <div>{how(a)}</div>
        <div className="text-xs text-slate-600">{remote(a)}</div>
      </Td>
      <Td className="text-sm">
        {scheduleText(a, zone).map((t) => (
          <div key={t}>{t}</div>
        ))}
      </Td>
      {/* a pending invitation's Resend under its status, so the row's actions stay two and the
          table fits its card at 1280 px (three of them pushed Revoke past the card's edge) */}
      <Td>
        <div className="flex flex-col items-start gap-1">
          <StatusBadge a={a} />
          {actions ? <ResendButton a={a} /> : null}
        </div>
      </Td>
      <Td className="whitespace-nowrap text-right">
        {actions ? <Actions a={a} onEdit={onEdit} onRevoke={onRevoke} className="justify-end" resend={false} /> : null}
      </Td>
    </Tr>
  );
}

/** The same record as a card, for phones. */
export function AccessCard({ a, organizationId, zone, actions, onEdit, onRevoke }: Props) {
  return (
    <li className="space-y-1 px-4 py-3">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="font-medium text-slate-900">{a.principalName}</div>
          <div className="truncate text-xs text-slate-600">{who(a)}</div>
          <GroupMembers a={a} organizationId={organizationId} />
        </div>
        <StatusBadge a={a} />
      </div>
      <div className="text-sm text-slate-700">
        {how(a)} · {remote(a).toLowerCase()}
      </div>
      <div className="text-sm text-slate-700">{scheduleText(a, zone).join(' · ')}</div>
      {actions ? <Actions a={a} onEdit={onEdit} onRevoke={onRevoke} className="pt-1" /> : null}
    </li>
  );
}

/** Resend (a pending invitation, unless shown elsewhere), Edit and Revoke of one access, named for whom they act on. */
function Actions({
  a,
  onEdit,
  onRevoke,
  className,
  resend = true,
}: Pick<Props, 'a' | 'onEdit' | 'onRevoke'> & { className: string; resend?: boolean }) {
  return (
    <div className={`flex gap-2 ${className}`}>
      {resend ? <ResendButton a={a} /> : null}
      <RowAction action="Edit" of={`access of ${a.principalName}`} onClick={onEdit} />
      <RowAction action="Revoke" of={`access of ${a.principalName}`} danger onClick={onRevoke} />
    </div>
  );
}
