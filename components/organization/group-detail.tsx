'use client';

import { Link } from '@/components/ui/link';
import { useMemo, useState } from 'react';
import { scheduleText } from '@/components/access/access-row';
import { LEVEL } from '@/components/devices/labels';
import {
  Badge,
  Button,
  Card,
  Checkbox,
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
} from '@/components/ui';
import { useChangeMembers, useGroup, type MyOrganization } from '@/lib/client/organization';
import { useGroupDoors } from '@/lib/client/people';
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
  const nameOf = (id: number) =>
    members.find((m) => m.organizationUserId === id)?.displayName ?? names.get(id) ?? `User ${id}`;

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

  const toggle = (id: number) =>
    setSelected((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));

  return (
    <QueryView query={group} loading={{ rows: 4, label: 'Loading the group' }}>
      {(g) => (
        <>
          <PageHeader
            eyebrow={
              <Link href="/organization/groups" className="hover:underline">
                ← Groups
              </Link>
            }
            title={g.name}
            description={`${members.length} ${members.length === 1 ? 'member' : 'members'}. Removing someone ends only the access they had through this group.`}
          />
          {report ? (
            <div className="mb-4">
              <MemberResults report={report} nameOf={nameOf} />
            </div>
          ) : null}
          <div className="grid gap-6 lg:grid-cols-2">
            <Card
              title="Members"
              actions={
                admin && members.length ? (
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={!selected.size}
                    loading={change.isPending && change.variables?.action === 'remove'}
                    onClick={() => run('remove', [...selected], new Map())}
                  >
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
                        <Checkbox
                          checked={selected.has(m.organizationUserId)}
                          onChange={() => toggle(m.organizationUserId)}
                          label={
                            <span>
                              <span className="font-medium">{m.displayName}</span>{' '}
                              <span className="text-slate-600">{m.email}</span>
                            </span>
                          }
                        />
                      ) : (
                        <span>
                          <span className="font-medium">{m.displayName}</span>{' '}
                          <span className="text-slate-600">{m.email}</span>
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            {admin ? (
              <AddMembers
                org={org}
                memberIds={new Set(members.map((m) => m.organizationUserId))}
                busy={change.isPending && change.variables?.action === 'add'}
                onAdd={(ids, labels) => run('add', ids, labels)}
              />
            ) : null}
          </div>
          <div className="mt-6">
            <GroupDoors orgId={org.id} groupId={groupId} name={g.name} />
          </div>
        </>
      )}
    </QueryView>
  );
}

/** The doors the group opens, with its level, remote opening and hours in each door's own zone. */
function GroupDoors({ orgId, groupId, name }: { orgId: number; groupId: string; name: string }) {
  const q = useGroupDoors(orgId, groupId);
  return (
    <Card
      title="Doors"
      description="What the group's members can open through it, with their hours at each door (in the door's own time zone). Only doors you administer are listed."
      flush
    >
      <QueryView
        query={q}
        loading={{ rows: 3, label: "Loading the group's doors" }}
        empty={
          <EmptyState
            title="No doors you administer"
            text="Share a door with this group from the door's Access tab to let its members open it."
          />
        }
      >
        {(data) => (
          <Table caption={`Doors the group ${name} opens`}>
            <THead>
              <Tr>
                <Th>Door</Th>
                <Th>Hours</Th>
                <Th className="hidden sm:table-cell">Role</Th>
                <Th className="hidden sm:table-cell">From afar</Th>
              </Tr>
            </THead>
            <TBody>
              {data.map((d) => (
                <Tr key={d.accessId}>
                  <Td>
                    <Link href={`/devices/${d.deviceId}`} className="font-medium text-indigo-700 hover:underline">
                      {d.deviceName}
                    </Link>
                    <div className="mt-1 text-xs text-slate-600 sm:hidden">
                      {LEVEL[d.accessLevel] ?? 'Guest'} ·{' '}
                      {d.remoteAccessDisabled ? 'only near the door' : 'remote opening allowed'}
                    </div>
                  </Td>
                  <Td className="text-slate-700">
                    {scheduleText(d, d.timeZone).map((line) => (
                      <div key={line}>{line}</div>
                    ))}
                  </Td>
                  <Td className="hidden sm:table-cell">{LEVEL[d.accessLevel] ?? 'Guest'}</Td>
                  <Td className="hidden sm:table-cell">
                    {d.remoteAccessDisabled ? (
                      <Badge tone="neutral" icon={false}>
                        Only near the door
                      </Badge>
                    ) : (
                      <Badge tone="ok" icon={false}>
                        Allowed
                      </Badge>
                    )}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </QueryView>
    </Card>
  );
}
