import { isDeviceKind, type DeviceKind } from '@/lib/shared/devices/codes';
import { pageParamsOf, siteIdOf } from '@/lib/shared/url-values';

/** The Devices page's filters as its URL carries them: q, kind, site ('none' or an id), problems ('1'). */
export const DEVICE_FILTERS = ['q', 'kind', 'problems', 'site'] as const;
export type DeviceFilterValues = Record<(typeof DEVICE_FILTERS)[number], string>;

/** What the Devices page asks GET /my/device/list for (the server's first read and the browser's the same). */
export interface DeviceListQuery {
  text: string;
  kind?: DeviceKind;
  siteId?: number;
  problems: boolean;
  page: number;
  itemsPerPage: number;
}

/** The page's query from its URL's filters and paging (usePageParams' rules: page ≥ 1, 1-100 a page, 25 by default). */
export function deviceListQuery(
  v: DeviceFilterValues,
  paging: { page?: string | null; itemsPerPage?: string | null } = {},
): DeviceListQuery {
  return {
    text: v.q.trim(),
    kind: isDeviceKind(v.kind) ? v.kind : undefined,
    siteId: siteIdOf(v.site),
    problems: v.problems === '1',
    ...pageParamsOf((k) => (k === 'page' ? paging.page : k === 'itemsPerPage' ? paging.itemsPerPage : null), 25),
  };
}

/** The same query (the server's read may stand for the browser's first one). */
export const sameQuery = (a: DeviceListQuery, b: DeviceListQuery) =>
  a.text === b.text &&
  a.kind === b.kind &&
  a.siteId === b.siteId &&
  a.problems === b.problems &&
  a.page === b.page &&
  a.itemsPerPage === b.itemsPerPage;
