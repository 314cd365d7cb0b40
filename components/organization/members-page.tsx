'use client';

import { Badge, Card, EmptyState, ErrorState, PageHeader, Pagination, SkeletonRows, Table, TBody, Td, Th, THead, Tr, usePageParams } from '@/components/ui';
import { useOrgUsers, type MyOrganization } from '@/lib/client/organization';
import { OrgGate } from './org-gate';
import { SearchBox, useSearchText } from './search-box';

const ROLE_TONE = { owner: 'info', administrator: 'ok', member: 'neutral' } as const;
const ROLE_LABEL: Record<string, string> = { owner: 'Owner', administrator: 'Administrator', member: 'Member' };

export function MembersPage() {
  return <OrgGate>{(org) => <Members org={org} />}</OrgGate>;
}

function Members({ org }: { org: MyOrganization }) {
  const { page, itemsPerPage } = usePageParams(25);
  const text = useSearchText();
  const list = useOrgUsers(org.id, { page, itemsPerPage, text });
  return (
    <>
      <PageHeader title="Members" description={`People in ${org.name} and their role.`} />
      <Card flush>
        <div className="border-b border-slate-200 p-3">
          <SearchBox label="Search members" placeholder="Search by name or e-mail" />
        </div>
        {list.isPending ? (
          <SkeletonRows rows={5} label="Loading members" />
        ) : list.error ? (
          <ErrorState message={list.error.message} onRetry={() => list.refetch()} retrying={list.isRefetching} />
        ) : list.data.length === 0 ? (
          <EmptyState title={text ? `Nobody matches "${text}"` : 'No members'} text={text ? 'Try part of a name or e-mail.' : undefined} />
        ) : (
          <Table caption="Members">
            <THead>
              <Tr>
                <Th>Name</Th>
                <Th className="hidden sm:table-cell">E-mail</Th>
                <Th>Role</Th>
              </Tr>
            </THead>
            <TBody>
              {list.data.map((u) => (
                <Tr key={u.organizationUserId}>
                  <Td>
                    <div className="font-medium text-slate-900">{u.displayName}</div>
                    {/* phones: the e-mail under the name instead of a column that would scroll */}
                    <div className="text-xs text-slate-600 sm:hidden">{u.email}</div>
                  </Td>
                  <Td className="hidden sm:table-cell">{u.email}</Td>
                  <Td>
                    <Badge tone={ROLE_TONE[u.roleName as keyof typeof ROLE_TONE] ?? 'neutral'}>{ROLE_LABEL[u.roleName] ?? u.roleName}</Badge>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
        {list.data ? <Pagination page={page} itemsPerPage={itemsPerPage} hasNext={list.data.length === itemsPerPage} /> : null}
      </Card>
    </>
  );
}
