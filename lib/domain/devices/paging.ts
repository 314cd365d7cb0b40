/** Paging defaults of decisions.md: page 1, itemsPerPage 100 (limits are checked by the route). */
export function paging(q: { page?: number; itemsPerPage?: number }) {
  return { page: q.page ?? 1, itemsPerPage: q.itemsPerPage ?? 100 };
}
