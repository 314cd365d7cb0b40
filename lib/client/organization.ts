'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api';

/** Organizations, their members and user groups, through /api/v37/organization. */

export interface MyOrganization {
  id: number;
  name: string;
  timeZone: string;
  role: number;
  roleName: string;
  organizationUserId: number;
}
export interface OrgUser {
  organizationUserId: number;
  userId: string;
  email: string;
  displayName: string;
  role: number;
  roleName: string;
}
export interface Group {
  id: string;
  name: string;
}
export interface GroupDetail extends Group {
  members: { displayName: string; email: string; organizationUserId: number }[] | null;
}
export interface MemberResult {
  organizationUserId: number;
  success: boolean;
  error: { code: string; message: string } | null;
}

export const orgKeys = {
  mine: ['organizations'] as const,
  users: (orgId: number, q: object) => ['organizations', orgId, 'users', q] as const,
  groups: (orgId: number) => ['organizations', orgId, 'groups'] as const,
  groupList: (orgId: number, q: object) => ['organizations', orgId, 'groups', 'list', q] as const,
  group: (orgId: number, id: string) => ['organizations', orgId, 'groups', 'one', id] as const,
};

export function useMyOrganizations() {
  return useQuery({ queryKey: orgKeys.mine, queryFn: () => apiFetch<MyOrganization[]>('/organization'), staleTime: 60_000 });
}

/** The organization the portal works in: the first (highest role), as the header shows it. */
export function useCurrentOrganization() {
  const q = useMyOrganizations();
  return { ...q, org: q.data?.[0] ?? null };
}

export function useOrgUsers(orgId: number | undefined, q: { page: number; itemsPerPage: number; text?: string }) {
  return useQuery({
    queryKey: orgKeys.users(orgId ?? 0, q),
    queryFn: () => apiFetch<OrgUser[]>(`/organization/${orgId}/user`, { query: { page: q.page, itemsPerPage: q.itemsPerPage, 'filters.text': q.text } }),
    enabled: !!orgId,
    placeholderData: keepPreviousData,
  });
}

export function useGroups(orgId: number | undefined, q: { page: number; itemsPerPage: number; text?: string }) {
  return useQuery({
    queryKey: orgKeys.groupList(orgId ?? 0, q),
    queryFn: () => apiFetch<Group[]>(`/organization/${orgId}/user-groups`, { query: { page: q.page, itemsPerPage: q.itemsPerPage, 'filters.text': q.text } }),
    enabled: !!orgId,
    placeholderData: keepPreviousData,
  });
}

export function useGroup(orgId: number | undefined, groupId: string) {
  return useQuery({
    queryKey: orgKeys.group(orgId ?? 0, groupId),
    queryFn: () => apiFetch<GroupDetail>(`/organization/${orgId}/user-groups/${groupId}`, { query: { includeMembers: true } }),
    enabled: !!orgId,
  });
}

function useInvalidateGroups(orgId: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: orgKeys.groups(orgId) });
}

export function useCreateGroup(orgId: number) {
  const done = useInvalidateGroups(orgId);
  return useMutation({ mutationFn: (name: string) => apiFetch<Group>(`/organization/${orgId}/user-groups`, { method: 'POST', body: { name } }), onSuccess: done });
}

export function useRenameGroup(orgId: number) {
  const done = useInvalidateGroups(orgId);
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => apiFetch<null>(`/organization/${orgId}/user-groups/${id}`, { method: 'PATCH', body: { name } }),
    onSuccess: done,
  });
}

export function useDeleteGroup(orgId: number) {
  const done = useInvalidateGroups(orgId);
  return useMutation({ mutationFn: (id: string) => apiFetch<null>(`/organization/${orgId}/user-groups/${id}`, { method: 'DELETE' }), onSuccess: done });
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
