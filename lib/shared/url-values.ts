/**
 * What the portal's URLs carry, read the same on the server (a page read with its HTML) and in the
 * browser (the query that takes over): a site and a page of a list.
 */

/** The URL's site value ('' / 'none' / an id) as the API's `siteId`: undefined for every site, 0 for none. */
export function siteIdOf(value: string | null | undefined): number | undefined {
  if (value === 'none') return 0;
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

/** `page` (≥ 1) and `itemsPerPage` (1-100, else `defaultSize`) of the URL's query. */
export function pageParamsOf(
  get: (key: string) => string | null | undefined,
  defaultSize = 25,
): { page: number; itemsPerPage: number } {
  const page = Math.max(1, Number.parseInt(get('page') ?? '1', 10) || 1);
  const itemsPerPage = Math.min(100, Math.max(1, Number.parseInt(get('itemsPerPage') ?? '', 10) || defaultSize));
  return { page, itemsPerPage };
}
