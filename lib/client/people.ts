'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  BulkGrantResultSchema,
  EndAllResultSchema,
  GroupDoorSchema,
  ManageableDoorsSchema,
  PeopleListSchema,
  PersonPageSchema,
  PersonSummarySchema,
} from '@/lib/domain/people/schemas';
import { ApiError, apiFetch } from './api';
import { peopleKeys, type PeoplePageQuery, type PersonKey } from './people-keys';
import type { ScheduleBody } from './access';

/**
 * The organization's people as pages per person (issue 33), through
 * /api/v37/organization/{id}/people. A person is named by their account id, or by the e-mail an
 * invitation to doors waits for (`PersonKey`).
 */
export type PersonSummary = z.infer<typeof PersonSummarySchema>;
export type PersonPage = z.infer<typeof PersonPageSchema>;
export type BulkGrantResult = z.infer<typeof BulkGrantResultSchema>;
export type EndAllResult = z.infer<typeof EndAllResultSchema>;
export type { PeoplePageQuery, PersonKey };
export { peopleKeys };

/** The page address of a person: /organization/people/{userId}, or /organization/people/invited?email=... */
export const personHref = (p: { userId: string | null; email: string }) =>
  p.userId ? `/organization/people/${p.userId}` : `/organization/people/invited?email=${encodeURIComponent(p.email)}`;

export type ManageableDoors = z.infer<typeof ManageableDoorsSchema>;
export type ManageableDoor = ManageableDoors['doors'][number];

/** The doors the caller may give (the give-access dialog's choices): those whose name holds `text`, the first 50 by name. */
export function useManageableDoors(orgId: number, text: string) {
  return useQuery({
    queryKey: peopleKeys.doors(orgId, text),
    queryFn: ({ signal }) =>
      apiFetch<ManageableDoors>(`/organization/${orgId}/people/doors`, {
        query: { 'filters.text': text || undefined, itemsPerPage: 50 },
        signal,
      }),
    // the list stays while the next search is read, instead of a skeleton at each letter
    placeholderData: keepPreviousData,
  });
}

export type PeopleListPage = Omit<z.infer<typeof PeopleListSchema>, 'manageableDoors'>;

/** The People page: those matching, a page at a time, and the doors the caller may give only counted (issue 34). */
export function usePeoplePage(orgId: number, q: PeoplePageQuery) {
  return useQuery({
    queryKey: peopleKeys.page(orgId, q),
    queryFn: ({ signal }) =>
      apiFetch<PeopleListPage>(`/organization/${orgId}/people`, {
        query: { 'filters.text': q.text || undefined, siteId: q.siteId, page: q.page, itemsPerPage: q.itemsPerPage },
        signal,
      }),
    // the rows stay while the next page or search is read, instead of a skeleton at each letter
    placeholderData: keepPreviousData,
  });
}

/** How many of a person's doors their page reads until asked for all of them. */
export const PERSON_DOORS_SHOWN = 100;

/** A person's page: the first PERSON_DOORS_SHOWN of their doors (all of them once `allDoors`), counted all the same. */
export function usePerson(orgId: number, key: PersonKey, allDoors = false) {
  return useQuery({
    queryKey: personPageKey(orgId, key, allDoors),
    // the doors the caller may give only counted: the dialog searches them (useManageableDoors)
    queryFn: ({ signal }) =>
      apiFetch<PersonPage>(`/organization/${orgId}/people/access`, {
        query: { ...key, includeManageableDoors: false, ...(allDoors ? {} : { itemsPerPage: PERSON_DOORS_SHOWN }) },
        signal,
      }),
    // the first doors stay on screen while all of them load
    placeholderData: keepPreviousData,
  });
}

/** The cache key of a person's page, with the first doors or all of them (peopleKeys.person is both's prefix). */
export const personPageKey = (orgId: number, key: PersonKey, allDoors: boolean) =>
  [...peopleKeys.person(orgId, key), allDoors ? 'allDoors' : 'firstDoors'] as const;

export interface BulkGrantBody extends ScheduleBody {
  deviceIds: number[];
  accessLevel: number;
  remoteAccessDisabled: boolean;
}

/**
 * The bulk grant: the per-door answer whether it succeeded or was refused (all or nothing); a
 * refusal of the request itself (input, organization) is thrown as ApiError.
 */
export function useBulkGrant(orgId: number, key: PersonKey | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ person, ...body }: BulkGrantBody & { person?: PersonKey }): Promise<BulkGrantResult> => {
      try {
        return await apiFetch<BulkGrantResult>(`/organization/${orgId}/people/access`, {
          method: 'POST',
          body: { ...(person ?? key), ...body },
        });
      } catch (e) {
        const b = e instanceof ApiError ? (e.body as BulkGrantResult | null) : null;
        if (b && Array.isArray(b.doors)) return b;
        throw e;
      }
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: peopleKeys.all(orgId) }),
  });
}

export function useEndAllAccess(orgId: number, key: PersonKey) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<EndAllResult>(`/organization/${orgId}/people/access/revokeall`, { method: 'POST', body: key }),
    onSuccess: () => qc.invalidateQueries({ queryKey: peopleKeys.all(orgId) }),
  });
}

export type GroupDoor = z.infer<typeof GroupDoorSchema>;

/** The doors a group opens (among those the viewer may share), with the group's access to each. */
export function useGroupDoors(orgId: number, groupId: string) {
  return useQuery({
    queryKey: ['people', orgId, 'group-doors', groupId] as const,
    queryFn: ({ signal }) => apiFetch<GroupDoor[]>(`/organization/${orgId}/user-groups/${groupId}/devices`, { signal }),
  });
}
