'use client';

import { Link } from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { PasswordDialog } from '@/components/account/password-dialog';
import { fmtDate, fmtDateTime } from '@/components/account/when';
import { relative } from '@/lib/shared/time-text';
import {
  Badge,
  Button,
  ConfirmDialog,
  PageHeader,
  Table,
  TBody,
  Td,
  Th,
  THead,
  Tr,
  usePageParams,
  useToast,
} from '@/components/ui';
import { apiMessage } from '@/lib/client/api';
import { personHref } from '@/lib/client/people';
import {
  useInvitationAction,
  useOrgUsers,
  useRoleChange,
  type MyOrganization,
  type OrgUser,
} from '@/lib/client/organization';
import { decidePeople, type PeopleVerb } from '@/lib/shared/policy';
import { InviteDialog } from './invite-dialog';
import { mayInOrg, OrgGate } from './org-gate';
import { DemoteDialog, RemoveDialog } from './remove-dialog';
import { RoleFilter, useRoleFilter } from './role-filter';
import { useSearchText } from './search-box';
import { SearchedList } from './searched-list';

const ROLE_TONE = { owner: 'info', administrator: 'ok', member: 'neutral' } as const;
const ROLE_LABEL: Record<string, string> = { owner: 'Owner', administrator: 'Administrator', member: 'Member' };
const STATUS = {
  active: { tone: 'ok', label: 'Active' },
  invited: { tone: 'warning', label: 'Invited' },
  expired: { tone: 'problem', label: 'Invitation expired' },
} as const;

export function MembersPage() {
  return <OrgGate>{(org) => <Members org={org} />}</OrgGate>;
}

type RoleChange = { person: OrgUser; change: 'assignadmin' | 'removeadmin' };

function Members({ org }: { org: MyOrganization }) {
  const { page, itemsPerPage } = usePageParams(25);
  const text = useSearchText();
  const admin = mayInOrg(org, 'manageGroups');
  const role = useRoleFilter();
  const list = useOrgUsers(org.id, {
    page,
    itemsPerPage,
    text,
    userTypes: role === undefined ? undefined : [role],
    includePending: admin,
  });
  const roles = useRoleChange(org.id);
  const invitations = useInvitationAction(org.id);
  const toast = useToast();
  const router = useRouter();
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<OrgUser | null>(null);
  const [changing, setChanging] = useState<RoleChange | null>(null);
  const [transferTo, setTransferTo] = useState<OrgUser | null>(null);
  const may = (verb: PeopleVerb, p: OrgUser) =>
    p.organizationUserId === null
      ? decidePeople({ verb: 'manageInvitation', actor: org.role, role: p.role }).ok
      : decidePeople({
          verb,
          actor: org.role,
          target: { role: p.role, self: p.organizationUserId === org.organizationUserId },
        }).ok;
  const me: OrgUser | null = list.data?.find((u) => u.organizationUserId === org.organizationUserId) ?? null;
  const canLeave = decidePeople({ verb: 'remove', actor: org.role, target: { role: org.role, self: true } }).ok;
  const fail = (e: unknown) => toast.error(apiMessage(e));

  async function invitationAction(p: OrgUser, action: 'resend' | 'withdraw') {
    try {
      await invitations.mutateAsync({ id: p.invitationId!, action });
      toast.success(action === 'resend' ? `Invitation sent again to ${p.email}` : `Invitation to ${p.email} withdrawn`);
    } catch (e) {
      fail(e);
    }
  }

  return (
    <>
      <PageHeader
        title="Members"
        description={`People in ${org.name}, their role and what they can open.`}
        actions={
          <div className="flex gap-2">
            {canLeave ? (
              <Button variant="secondary" onClick={() => setRemoving(me ?? selfRow(org))}>
                Leave organization
              </Button>
            ) : null}
            {admin ? <Button onClick={() => setInviting(true)}>Invite people</Button> : null}
          </div>
        }
      />
      <SearchedList
        noun={{ one: 'member', many: 'members' }}
        searchBy="name or e-mail"
        filters={<RoleFilter />}
        filtered={role !== undefined}
        query={list}
        loadingRows={5}
        page={page}
        itemsPerPage={itemsPerPage}
        rows={(data) => data.length}
        empty={{}}
      >
        {(data) => (
          <Table caption="Members">
            <THead>
              <Tr>
                <Th>Name</Th>
                <Th>Role</Th>
                <Th>Status</Th>
                {admin ? (
                  <>
                    <Th className="hidden md:table-cell">Last sign-in</Th>
                    <Th className="hidden lg:table-cell">Groups</Th>
                    <Th className="hidden md:table-cell">Devices</Th>
                    <Th className="text-right">Actions</Th>
                  </>
                ) : null}
              </Tr>
            </THead>
            <TBody>
              {data.map((u) => (
                <Tr key={u.organizationUserId ?? u.invitationId}>
                  <Td>
                    <div className="font-medium text-slate-900">
                      {u.displayName}
                      {u.organizationUserId === org.organizationUserId ? (
                        <span className="ml-1 text-xs font-normal text-slate-500">(you)</span>
                      ) : null}
                    </div>
                    {u.displayName !== u.email ? <div className="text-xs text-slate-600">{u.email}</div> : null}
                  </Td>
                  <Td>
                    <Badge tone={ROLE_TONE[u.roleName as keyof typeof ROLE_TONE] ?? 'neutral'}>
                      {ROLE_LABEL[u.roleName] ?? u.roleName}
                    </Badge>
                  </Td>
                  <Td>
                    <Badge tone={STATUS[u.status].tone}>{STATUS[u.status].label}</Badge>
                    {u.invitationExpiresAt ? (
                      <div className="mt-0.5 text-xs text-slate-500" title={fmtDateTime(u.invitationExpiresAt)}>
                        {u.status === 'expired' ? 'ended' : 'ends'} {fmtDate(u.invitationExpiresAt)}
                      </div>
                    ) : null}
                  </Td>
                  {admin ? (
                    <>
                      <Td className="hidden whitespace-nowrap md:table-cell">
                        {u.status !== 'active' ? (
                          '—'
                        ) : u.lastSignInAt ? (
                          <span title={fmtDateTime(u.lastSignInAt)}>{relative(u.lastSignInAt)}</span>
                        ) : (
                          'Never'
                        )}
                      </Td>
                      <Td className="hidden lg:table-cell">
                        {u.groups?.length ? (
                          u.groups.map((g) => g.name).join(', ')
                        ) : (
                          <span className="text-slate-400">—</span>
                        )}
                      </Td>
                      <Td className="hidden md:table-cell">
                        {u.deviceCount !== null && u.userId ? (
                          <Link href={personHref(u)} className="text-indigo-700 hover:underline">
                            {u.deviceCount}
                            <span className="sr-only"> doors of {u.displayName}</span>
                          </Link>
                        ) : (
                          (u.deviceCount ?? '—')
                        )}
                      </Td>
                      <Td>
                        <div className="ml-auto flex max-w-[15rem] flex-wrap justify-end gap-1">
                          {u.organizationUserId === null ? (
                            may('manageInvitation', u) ? (
                              <>
                                <Button
                                  size="sm"
                                  variant="secondary"
                                  onClick={() => invitationAction(u, 'resend')}
                                  aria-label={`Resend invitation to ${u.email}`}
                                >
                                  Resend
                                </Button>
                                <Button
                                  size="sm"
                                  variant="ghost"
                                  className="text-red-700"
                                  onClick={() => invitationAction(u, 'withdraw')}
                                  aria-label={`Withdraw invitation to ${u.email}`}
                                >
                                  Withdraw
                                </Button>
                              </>
                            ) : null
                          ) : (
                            <>
                              {may('assignAdmin', u) ? (
                                <Button
                                  size="sm"
                                  variant="secondary"
                                  onClick={() => setChanging({ person: u, change: 'assignadmin' })}
                                  aria-label={`Make ${u.displayName} an administrator`}
                                >
                                  Make administrator
                                </Button>
                              ) : null}
                              {may('removeAdmin', u) ? (
                                <Button
                                  size="sm"
                                  variant="secondary"
                                  onClick={() => setChanging({ person: u, change: 'removeadmin' })}
                                  aria-label={`Make ${u.displayName} a member`}
                                >
                                  Make member
                                </Button>
                              ) : null}
                              {may('transferOwnership', u) ? (
                                <Button
                                  size="sm"
                                  variant="ghost"
                                  onClick={() => setTransferTo(u)}
                                  aria-label={`Make ${u.displayName} the owner`}
                                >
                                  Make owner
                                </Button>
                              ) : null}
                              {u.organizationUserId !== org.organizationUserId && may('remove', u) ? (
                                <Button
                                  size="sm"
                                  variant="ghost"
                                  className="text-red-700"
                                  onClick={() => setRemoving(u)}
                                  aria-label={`Remove ${u.displayName}`}
                                >
                                  Remove
                                </Button>
                              ) : null}
                            </>
                          )}
                        </div>
                      </Td>
                    </>
                  ) : null}
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </SearchedList>

      <InviteDialog org={org} open={inviting} onClose={() => setInviting(false)} />
      <RemoveDialog
        org={org}
        person={removing}
        onClose={() => setRemoving(null)}
        onDone={(leaving) => {
          toast.success(leaving ? `You left ${org.name}` : `${removing?.displayName} removed`);
          if (leaving) router.push('/devices');
        }}
      />
      <ConfirmDialog
        open={changing?.change === 'assignadmin'}
        onClose={() => setChanging(null)}
        tone="primary"
        title={`Make ${changing?.person.displayName} an administrator?`}
        message="Administrators invite and remove members, manage groups, access links and webhooks of the organization."
        confirmLabel="Make administrator"
        onConfirm={async () => {
          await roles.mutateAsync({ organizationUserId: changing!.person.organizationUserId!, change: 'assignadmin' });
          toast.success(`${changing!.person.displayName} is now an administrator`);
        }}
      />
      <DemoteDialog
        org={org}
        person={changing?.change === 'removeadmin' ? changing.person : null}
        onClose={() => setChanging(null)}
        onDone={() => toast.success(`${changing!.person.displayName} is now a member`)}
      />
      <PasswordDialog
        open={!!transferTo}
        onClose={() => setTransferTo(null)}
        why={`Make ${transferTo?.displayName} the owner of ${org.name}? You become an administrator, and only they can make or remove administrators afterwards. Enter your password to confirm.`}
        onConfirmed={async () => {
          const to = transferTo!;
          setTransferTo(null);
          try {
            await roles.mutateAsync({ organizationUserId: to.organizationUserId!, change: 'transferownership' });
            toast.success(`${to.displayName} is now the owner of ${org.name}`);
            // the header (server-rendered) shows the viewer's role: read it again
            router.refresh();
          } catch (e) {
            fail(e);
          }
        }}
      />
    </>
  );
}

/** The viewer's own row when the current page does not show it (leaving from page 2, or while searching). */
const selfRow = (org: MyOrganization): OrgUser => ({
  organizationUserId: org.organizationUserId,
  userId: null,
  email: '',
  displayName: 'You',
  role: org.role,
  roleName: org.roleName,
  status: 'active',
  invitationId: null,
  invitationExpiresAt: null,
  lastSignInAt: null,
  groups: null,
  deviceCount: null,
});
