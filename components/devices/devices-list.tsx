'use client';

import { Link } from '@/components/ui/link';
import {
  Badge,
  Card,
  Checkbox,
  EmptyState,
  FormField,
  Input,
  PageHeader,
  Pagination,
  QueryView,
  Select,
  Table,
  TBody,
  Td,
  Th,
  THead,
  Tr,
  usePageParams,
} from '@/components/ui';
import { useDeviceList, type DeviceList } from '@/lib/client/devices';
import { DEVICE_FILTERS, deviceListQuery, sameQuery, type DeviceListQuery } from './list-query';
import { useDebounced } from '@/lib/client/use-debounced';
import { BatteryBadge, ConnectivityBadge, DoorBadge, StateBadge } from './badges';
import { listRow, type DeviceRow } from './rows';
import { SiteFilter, useSiteNames } from '@/components/sites/site-filter';
import { useUrlFilters } from './use-url-filters';

/**
 * /devices: one page of the viewer's devices, doors that cannot open first, filters in the URL and
 * applied by the server (GET /my/device/list): an organization of 10,000 devices sends one page.
 * `initial`: the server's read of the page's first query, drawn with the page's HTML.
 */
export function DevicesList({ initial }: { initial?: { query: DeviceListQuery; data: DeviceList } }) {
  const { values, set } = useUrlFilters(DEVICE_FILTERS);
  const sites = useSiteNames();
  const { page, itemsPerPage } = usePageParams(25);
  // the name is asked for once the typing pauses, not at every letter
  const text = useDebounced(values.q.trim(), 250);
  const query = {
    ...deviceListQuery(values, { page: String(page), itemsPerPage: String(itemsPerPage) }),
    text,
  };
  const list = useDeviceList(query, true, initial && sameQuery(initial.query, query) ? initial.data : undefined);
  const data = list.data;
  const counts = data?.counts;
  const shown = data ? data.devices.map(listRow) : [];
  const withProblems = counts?.needAttention ?? 0;
  const cannotOpen = counts?.cannotOpen ?? 0;

  return (
    <div>
      <PageHeader
        title="Devices"
        description={
          counts
            ? `${counts.devices} devices${cannotOpen ? `, ${cannotOpen} ${cannotOpen === 1 ? 'door cannot' : 'doors cannot'} open now` : ''}${withProblems ? `, ${withProblems} more ${withProblems === 1 ? 'needs' : 'need'} attention` : ''}.`
            : 'Locks, bridges, gates and door sensors you can use or manage.'
        }
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-2 sm:items-end lg:grid-cols-[1fr_12rem_14rem_auto]">
        <FormField label="Search by name">
          <Input
            type="search"
            value={values.q}
            onChange={(e) => set('q', e.target.value)}
            placeholder="e.g. Front door"
          />
        </FormField>
        <FormField label="Kind">
          <Select value={values.kind} onChange={(e) => set('kind', e.target.value)}>
            <option value="">All kinds</option>
            <option value="lock">Locks</option>
            <option value="bridge">Bridges</option>
            <option value="gate">Gates</option>
            <option value="doorSensor">Door sensors</option>
          </Select>
        </FormField>
        <SiteFilter
          sites={sites}
          value={values.site}
          onChange={(v) => set('site', v)}
          anyWithout={counts?.withoutSite ?? false}
        />
        <Checkbox
          label="Only devices with problems"
          checked={values.problems === '1'}
          onChange={(e) => set('problems', e.target.checked ? '1' : '')}
        />
      </div>
      <Card flush>
        <QueryView query={list} loading={{ rows: 6, label: 'Loading devices' }}>
          {(d) =>
            d.counts.devices === 0 ? (
              <EmptyState
                title="No devices yet"
                text="Devices appear here once their owner shares them with you or you pair one in the app."
              />
            ) : d.total === 0 ? (
              <EmptyState title="No device matches" text="Clear the search or the filters to see all your devices." />
            ) : shown.length === 0 ? (
              <EmptyState
                title={`There is no page ${page}`}
                text={`The ${d.total} ${d.total === 1 ? 'device that matches fills' : 'devices that match fill'} ${Math.ceil(d.total / itemsPerPage)} ${d.total > itemsPerPage ? 'pages' : 'page'}: go back with Previous.`}
              />
            ) : (
              <>
                <DeviceCards rows={shown} siteOf={sites.nameOf} />
                <div className="hidden sm:block">
                  <DevicesTable rows={shown} siteOf={sites.nameOf} />
                </div>
              </>
            )
          }
        </QueryView>
      </Card>
      {data && data.total > 0 ? (
        <Pagination page={page} itemsPerPage={itemsPerPage} hasNext={page * itemsPerPage < data.total} />
      ) : null}
    </div>
  );
}

/** The device's kind, and its site's name when the viewer's organization has it. */
function KindAndSite({ row, siteOf }: { row: DeviceRow; siteOf: (id: number | null) => string | null }) {
  const site = siteOf(row.siteId);
  return (
    <div className="text-xs text-slate-500">
      {row.typeLabel}
      {site ? (
        <>
          {' · '}
          <span className="text-slate-600">{site}</span>
        </>
      ) : null}
    </div>
  );
}

function DevicesTable({ rows, siteOf }: { rows: DeviceRow[]; siteOf: (id: number | null) => string | null }) {
  return (
    <Table caption="Your devices">
      <THead>
        <Tr>
          <Th>Name</Th>
          <Th>State</Th>
          <Th>Battery</Th>
          <Th>Connection</Th>
          <Th>Door</Th>
        </Tr>
      </THead>
      <TBody>
        {rows.map((r) => (
          <Tr key={r.id}>
            <Td>
              <Link href={`/devices/${r.id}`} className="font-medium text-indigo-700 hover:underline">
                {r.name}
              </Link>
              <KindAndSite row={r} siteOf={siteOf} />
              <Problems row={r} />
            </Td>
            <Td>{r.state !== null ? <StateBadge state={r.state} /> : <span className="text-slate-500">—</span>}</Td>
            <Td>
              {r.battery !== null ? (
                <BatteryBadge level={r.battery} charging={r.charging} />
              ) : (
                <span className="text-slate-500">—</span>
              )}
            </Td>
            <Td>
              <ConnectivityBadge isConnected={r.isConnected} kind={r.kind} linked={r.linked} />
            </Td>
            <Td>{r.door !== null ? <DoorBadge door={r.door} /> : <span className="text-slate-500">—</span>}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

/** Phones: one card per device, every badge visible without scrolling sideways. */
function DeviceCards({ rows, siteOf }: { rows: DeviceRow[]; siteOf: (id: number | null) => string | null }) {
  return (
    <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Your devices">
      {rows.map((r) => (
        <li key={r.id} className="px-4 py-3">
          <Link href={`/devices/${r.id}`} className="font-medium text-indigo-700 hover:underline">
            {r.name}
          </Link>
          <KindAndSite row={r} siteOf={siteOf} />
          <Problems row={r} />
          <div className="mt-2 flex flex-wrap gap-1.5">
            {r.state !== null ? <StateBadge state={r.state} /> : null}
            <ConnectivityBadge isConnected={r.isConnected} kind={r.kind} linked={r.linked} />
            {r.battery !== null ? <BatteryBadge level={r.battery} charging={r.charging} /> : null}
            {r.door !== null && r.door !== 0 ? <DoorBadge door={r.door} /> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** What the server's attention list says of the device, in words (visible, not in a tooltip). */
function Problems({ row }: { row: DeviceRow }) {
  if (!row.problems.length) return null;
  return (
    <div
      className="mt-1 space-y-1"
      data-testid="device-problems"
      data-device-id={row.id}
      data-cannot-open={row.cannotOpen ? '' : undefined}
    >
      <Badge tone={row.cannotOpen ? 'problem' : 'warning'}>{row.cannotOpen ? 'Cannot open' : 'Needs attention'}</Badge>
      {row.problems.map((p) => (
        <p key={p} className={`max-w-md text-xs ${row.cannotOpen ? 'text-red-800' : 'text-amber-800'}`}>
          {p}
        </p>
      ))}
    </div>
  );
}
