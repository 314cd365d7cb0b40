import type { Metadata } from 'next';
import { Suspense } from 'react';
import { DevicesList } from '@/components/devices/devices-list';
import {
  DEVICE_FILTERS,
  deviceListQuery,
  type DeviceFilterValues,
  type DeviceListQuery,
} from '@/components/devices/list-query';
import { sessionCtx } from '@/lib/auth/session';
import { deviceList } from '@/lib/domain/devices/list';
import { logError } from '@/lib/log';

export const metadata: Metadata = { title: 'Devices' };

// /devices: the viewer's devices, a page at a time (data through /api/v37/my/device/list); the
// page of the URL's filters is read here too and comes with the HTML, so the rows are on screen
// before the browser has run any script
export default async function DevicesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  const one = (k: string) => (typeof sp[k] === 'string' ? sp[k] : '');
  const query = deviceListQuery(Object.fromEntries(DEVICE_FILTERS.map((k) => [k, one(k)])) as DeviceFilterValues, {
    page: one('page'),
    itemsPerPage: one('itemsPerPage'),
  });
  const initial = await firstPage(query);
  return (
    <Suspense>
      <DevicesList initial={initial} />
    </Suspense>
  );
}

async function firstPage(query: DeviceListQuery) {
  try {
    const ctx = await sessionCtx();
    if (!ctx) return undefined; // the layout sends the visitor to sign in
    const { text, page, itemsPerPage, ...f } = query;
    return { query, data: await deviceList(ctx, { ...f, text }, { page, itemsPerPage }) };
  } catch (e) {
    // the page still renders: the list then asks the API itself and shows what it answers
    logError('the devices page read its first page', e);
    return undefined;
  }
}
