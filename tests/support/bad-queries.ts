/**
 * The queries a list that pages, searches and filters by site (`pagedTextQuery` and `siteId`,
 * lib/http/query.ts) answers with 400: a page size of 0 or past 100, page 0, a negative site, a
 * search past 200 characters.
 */
export const BAD_PAGED_SITE_QUERIES = [
  '?itemsPerPage=0',
  '?itemsPerPage=101',
  '?page=0',
  '?siteId=-1',
  `?filters.text=${'x'.repeat(201)}`,
];
