'use client';

import Link from 'next/link';
import { useMemo, useState } from 'react';
import { Button, Card, Checkbox, EmptyState, ErrorState, PageHeader, SkeletonRows, useToast } from '@/components/ui';
import { useChangeMembers, useGroup, type MyOrganization } from '@/lib/client/organization';
import { AddMembers } from './add-members';
import { MemberResults, type ResultReport } from './member-results';
import { mayInOrg, OrgGate } from './org-gate';

export function GroupDetailPage({ groupId }: { groupId: string }) {
  return <OrgGate>{(org) => <GroupDetail org={org} groupId={groupId} />}</OrgGate>;
}

function GroupDetail({ org, groupId }: { org: MyOrganization; groupId: string }) {
  const group = useGroup(org.id, groupId);
  const change = useChangeMembers(org.id, groupId);
  const toast = useToast();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [report, setReport] = useState<ResultReport | null>(null);
  const [names, setNames] = useState<Map<number, string>>(new Map());
  const admin = mayInOrg(org, 'manageGroups');
  const members = useMemo(() => group.data?.members ?? [], [group.data]);
  const nameOf = (id: number) => members.find((m) => m.organizationUserId === id)?.displayName ?? names.get(id) ?? `User ${id}`;

  async function run(action: 'add' | 'remove', ids: number[], labels: Map<number, string>) {
    setNames(new Map([...names, ...labels]));
    try {
      const out = await change.mutateAsync({ action, ids });
      setReport({ action, asked: ids, results: out.organizationUsers });
      setSelected(new Set());
      const ok = out.organizationUsers.filter((r) => r.success).length;
      toast.success(`${ok} ${ok === 1 ? 'person' : 'people'} ${action === 'add' ? 'added' : 'removed'}`);
    } catch (e) {
      toast.error('Could not change the members', e instanceof Error ? e.message : undefined);
    }
  }

  if (group.isPending) return <SkeletonRows rows={4} label="Loading the group" />;
  if (group.error) return <ErrorState message={group.error.message} onRetry={() => group.refetch()} retrying={group.isRefetching} />;
  const toggle = (id: number) => setSelected((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));

  return (
    <>
      <PageHeader
        eyebrow={<Link href="/organization/groups" className="hover:underline">← Groups</Link>}
        title={group.data.name}
        description={`${members.length} ${members.length === 1 ? 'member' : 'members'}. Removing someone ends only the access they had through this group.`}
      />
      {report ? <div className="mb-4"><MemberResults report={report} nameOf={nameOf} /></div> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card
          title="Members"
          actions={
            admin && members.length ? (
              <Button size="sm" variant="danger" disabled={!selected.size} loading={change.isPending && change.variables?.action === 'remove'} onClick={() => run('remove', [...selected], new Map())}>
                Remove selected{selected.size ? ` (${selected.size})` : ''}
              </Button>
            ) : null
          }
        >
          {members.length === 0 ? (
            <EmptyState title="No members yet" text={admin ? 'Add people from the organization.' : undefined} />
          ) : (
            <ul className="divide-y divide-slate-100">
              {members.map((m) => (
                <li key={m.organizationUserId} className="py-2">
                  {admin ? (
                    <Checkbox checked={selected.has(m.organizationUserId)} onChange={() => toggle(m.organizationUserId)} label={<span><span className="font-medium">{m.displayName}</span> <span className="text-slate-600">{m.email}</span></span>} />
                  ) : (
                    <span><span className="font-medium">{m.displayName}</span> <span className="text-slate-600">{m.email}</span></span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Card>
        {admin ? <AddMembers org={org} memberIds={new Set(members.map((m) => m.organizationUserId))} busy={change.isPending && change.variables?.action === 'add'} onAdd={(ids, labels) => run('add', ids, labels)} /> : null}
      </div>
    </>
  );
}
