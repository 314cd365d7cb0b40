'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  GroupDetail,
  GroupListItem,
  InvitationView,
  MemberResult,
  PersonProfile,
  PersonRow,
} from '@/lib/domain/organizations/schemas';
import { fromWireRole, toWireRole } from '@/lib/shared/organizations/wire-roles';
import { apiFetch } from './api';
import { orgKeys, portalOrganizations, type MyOrganization } from './organization-keys';

/**
 * Organizations, their members and user groups, through /api/v37/organization. The API speaks
 * Tedee's role numbers (0 owner, 1 administrator, 2 member); the portal, like the policy it asks
 * (decideOrg, decidePeople), the stored ones (0 member, 1 administrator, 2 owner): every answer's
 * role is turned back here, and every role sent is turned into Tedee's (wire-roles.ts).
 */

// the shapes the API answers, from the schemas its OpenAPI document is made of (written once), roles as the portal reads them
export type { GroupDetail, MemberResult, MyOrganization };
export { orgKeys };
export type OrgUser = PersonRow;
export type OrgPerson = PersonProfile;
export type Invitation = InvitationView;
type WireOrganization = import('@/lib/domain/organizations/schemas').MyOrganization;

const portalRole = <T extends { role: number }>(x: T): T => ({ ...x, role: fromWireRole(x.role) });
export type Group = GroupListItem;

export function useMyOrganizations() {
  return useQuery({
    queryKey: orgKeys.mine,
    queryFn: async (): Promise<MyOrganization[]> =>
      portalOrganizations(await apiFetch<{ organizations: WireOrganization[] }>('/organization')),
    staleTime: 60_000,
  });
}

/** The organization the portal works in: the first (highest role), as the header shows it. */
export function useCurrentOrganization() {
  const q = useMyOrganizations();
  return { ...q, org: q.data?.[0] ?? null };
}

export function useOrgUsers(
  orgId: number | undefined,
  q: { page: number; itemsPerPage: number; text?: string; userTypes?: number[]; includePending?: boolean },
) {
  return useQuery({
    queryKey: orgKeys.users(orgId ?? 0, q),
    queryFn: async () =>
      (
        await apiFetch<OrgUser[]>(`/organization/${orgId}/user`, {
          query: {
            page: q.page,
            itemsPerPage: q.itemsPerPage,
            'Filters.Text': q.text,
            'Filters.UserTypes': q.userTypes?.map(toWireRole),
            'Filters.IncludePendingUsers': q.includePending || undefined,
          },
        })
      ).map(portalRole),
    enabled: !!orgId,
    placeholderData: keepPreviousData,
  });
}

export function useGroups(orgId: number | undefined, q: { page: number; itemsPerPage: number; text?: string }) {
  return useQuery({
    queryKey: orgKeys.groupList(orgId ?? 0, q),
    queryFn: () =>
      apiFetch<Group[]>(`/organization/${orgId}/user-groups`, {
        query: { page: q.page, itemsPerPage: q.itemsPerPage, 'filters.text': q.text },
      }),
    enabled: !!orgId,
    placeholderData: keepPreviousData,
  });
}

export function useGroup(orgId: number | undefined, groupId: string) {
  return useQuery({
    queryKey: orgKeys.group(orgId ?? 0, groupId),
    queryFn: () =>
      apiFetch<GroupDetail>(`/organization/${orgId}/user-groups/${groupId}`, { query: { includeMembers: true } }),
    enabled: !!orgId,
  });
}

function useInvalidateGroups(orgId: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: orgKeys.groups(orgId) });
}

export function useCreateGroup(orgId: number) {
  const done = useInvalidateGroups(orgId);
  return useMutation({
    mutationFn: (name: string) =>
      apiFetch<Group>(`/organization/${orgId}/user-groups`, { method: 'POST', body: { name } }),
    onSuccess: done,
  });
}

export function useRenameGroup(orgId: number) {
  const done = useInvalidateGroups(orgId);
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiFetch<null>(`/organization/${orgId}/user-groups/${id}`, { method: 'PATCH', body: { name } }),
    onSuccess: done,
  });
}

export function useDeleteGroup(orgId: number) {
  const done = useInvalidateGroups(orgId);
  return useMutation({
    mutationFn: (id: string) => apiFetch<null>(`/organization/${orgId}/user-groups/${id}`, { method: 'DELETE' }),
    onSuccess: done,
  });
}

/** Add or remove members; the 207 answer lists each user's result. */
export function useChangeMembers(orgId: number, groupId: string) {
  const done = useInvalidateGroups(orgId);
  return useMutation({
    mutationFn: ({ action, ids }: { action: 'add' | 'remove'; ids: number[] }) =>
      apiFetch<{ organizationUsers: MemberResult[] }>(`/organization/${orgId}/user-groups/${groupId}/members`, {
        method: action === 'add' ? 'POST' : 'DELETE',
        body: { organizationUserIds: ids },
      }),
    onSuccess: done,
  });
}

/** One person, with what removing them would end (for the confirmation). */
export function useOrgPerson(orgId: number, organizationUserId: number | null) {
  return useQuery({
    queryKey: ['organizations', orgId, 'users', 'one', organizationUserId],
    queryFn: async () => portalRole(await apiFetch<OrgPerson>(`/organization/${orgId}/user/${organizationUserId}`)),
    enabled: organizationUserId !== null,
  });
}

/** After any change of people: the lists, and the caller's own organizations (a role or membership may have changed). */
function useInvalidatePeople(orgId: number) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ['organizations', orgId, 'users'] }),
      qc.invalidateQueries({ queryKey: orgKeys.mine, exact: true }),
    ]);
}

export function useInvite(orgId: number) {
  const done = useInvalidatePeople(orgId);
  return useMutation({
    mutationFn: async (body: { email: string; role: number; groupIds: string[] }) =>
      portalRole(
        await apiFetch<Invitation>(`/organization/${orgId}/user`, {
          method: 'POST',
          body: { ...body, role: toWireRole(body.role) },
        }),
      ),
    onSettled: done,
  });
}

export function useInvitationAction(orgId: number) {
  const done = useInvalidatePeople(orgId);
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'resend' | 'withdraw' }) =>
      action === 'resend'
        ? apiFetch<Invitation>(`/organization/${orgId}/invitation/${id}/resend`, { method: 'POST' })
        : apiFetch<null>(`/organization/${orgId}/invitation/${id}`, { method: 'DELETE' }),
    onSuccess: done,
  });
}

/** Make an administrator, make a member again, or hand ownership over (the owner's). */
export function useRoleChange(orgId: number) {
  const done = useInvalidatePeople(orgId);
  return useMutation({
    mutationFn: ({
      organizationUserId,
      change,
      keepGrants,
    }: {
      organizationUserId: number;
      change: 'assignadmin' | 'removeadmin' | 'transferownership';
      /** removeadmin: what they handed out as an administrator stays, answered for by the owner */
      keepGrants?: boolean;
    }) =>
      apiFetch<null>(`/organization/${orgId}/${change}${keepGrants ? '?keepGrants=true' : ''}`, {
        method: change === 'transferownership' ? 'POST' : 'PUT',
        body: { organizationUserId },
      }),
    onSuccess: done,
  });
}

/**
 * The owner limits the sites a person administers (null: every site); what they handed out beyond
 * the new reach ends unless `keepGrants` (issue 35).
 */
export function useLimitSites(orgId: number) {
  const done = useInvalidatePeople(orgId);
  return useMutation({
    mutationFn: ({
      organizationUserId,
      siteIds,
      keepGrants,
    }: {
      organizationUserId: number;
      siteIds: number[] | null;
      keepGrants?: boolean;
    }) =>
      apiFetch<{ siteIds: number[] | null }>(
        `/organization/${orgId}/user/${organizationUserId}/sites${keepGrants ? '?keepGrants=true' : ''}`,
        { method: 'PUT', body: { siteIds } },
      ),
    onSuccess: done,
  });
}

/** Remove a person (one's own id: leave the organization). */
export function useRemovePerson(orgId: number) {
  const done = useInvalidatePeople(orgId);
  return useMutation({
    mutationFn: ({ organizationUserId, keepGrants }: { organizationUserId: number; keepGrants?: boolean }) =>
      apiFetch<{ deviceAccesses: number; groups: number; devices: number; certificatesRevoked: number }>(
        `/organization/${orgId}/user/byorganizationuserid/${organizationUserId}${keepGrants ? '?keepGrants=true' : ''}`,
        { method: 'DELETE' },
      ),
    onSuccess: done,
  });
}

/** Accept an invitation with the token from its mail. */
export function useAcceptInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) =>
      portalRole(
        await apiFetch<{
          organizationId: number;
          organizationName: string;
          organizationUserId: number;
          role: number;
          roleName: string;
        }>('/my/organization-invitation', { method: 'POST', body: { token } }),
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: orgKeys.mine }),
  });
}
