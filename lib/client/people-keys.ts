/**
 * The people queries' keys, without React: the People page's server read puts its first page into
 * the browser's query cache under the key the browser's own query uses.
 */

export type PersonKey = { userId: string } | { userEmail: string };

/** What the People page asks of GET /organization/{id}/people: a search, a site, a page. */
export interface PeoplePageQuery {
  text: string;
  siteId?: number;
  page: number;
  itemsPerPage: number;
}

export const peopleKeys = {
  /** every people query of the organization (what a change invalidates) */
  all: (orgId: number) => ['people', orgId] as const,
  person: (orgId: number, key: PersonKey) => ['people', orgId, 'one', key] as const,
  page: (orgId: number, q: PeoplePageQuery) => ['people', orgId, 'page', q] as const,
  doors: (orgId: number, text: string) => ['people', orgId, 'doors', text] as const,
};
