'use client';

import { Link } from '@/components/ui/link';
import { RowAction, Table, TBody, Td, Th, THead, Tr } from '@/components/ui';
import type { Site } from '@/lib/client/sites';

export type SiteAction = 'move' | 'edit' | 'delete' | 'reports';

const devicesText = (n: number) => `${n} ${n === 1 ? 'device' : 'devices'}`;

/** The device count, as a link to the Devices list filtered by the site. */
function DevicesLink({ site }: { site: Site }) {
  return (
    <Link
      href={`/devices?site=${site.id}`}
      className="text-indigo-700 hover:underline"
      aria-label={`${devicesText(site.deviceCount)} in ${site.name}`}
    >
      {devicesText(site.deviceCount)}
    </Link>
  );
}

interface ActionProps {
  site: Site;
  /** whether the viewer may do this to this site (their role and site limit) */
  may: (a: SiteAction, s: Site) => boolean;
  onAction: (a: SiteAction, s: Site) => void;
}

function Actions({ site, may, onAction }: ActionProps) {
  if (!may('move', site) && !may('edit', site))
    return <span className="text-sm text-slate-500">Not one of your sites</span>;
  return (
    <>
      {may('reports', site) ? (
        <RowAction
          action="Reports"
          of={site.name}
          label={`Reports of ${site.name}`}
          onClick={() => onAction('reports', site)}
        />
      ) : null}
      <RowAction
        action="Move devices here"
        of={site.name}
        label={`Move devices to ${site.name}`}
        onClick={() => onAction('move', site)}
      />
      <RowAction action="Edit" of={site.name} onClick={() => onAction('edit', site)} />
      <RowAction action="Delete" of={site.name} danger onClick={() => onAction('delete', site)} />
    </>
  );
}

/** Sites as a table from small tablets up, as cards on phones; actions only for those who manage sites. */
export function SitesTable({
  sites,
  admin,
  may,
  onAction,
}: {
  sites: Site[];
  admin: boolean;
  may: ActionProps['may'];
  onAction: ActionProps['onAction'];
}) {
  return (
    <>
      <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Sites">
        {sites.map((s) => (
          <li key={s.id} className="px-4 py-3">
            <div className="flex items-baseline justify-between gap-2">
              <span className="font-medium text-slate-900">{s.name}</span>
              <DevicesLink site={s} />
            </div>
            <div className="mt-0.5 text-sm text-slate-600">{s.address ?? 'No address'}</div>
            <div className="text-xs text-slate-500">{s.timeZone}</div>
            {admin ? (
              <div className="mt-2 flex flex-wrap gap-2">
                <Actions site={s} may={may} onAction={onAction} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <Table caption="Sites">
          <THead>
            <Tr>
              <Th>Name</Th>
              <Th>Address</Th>
              <Th>Time zone</Th>
              <Th>Devices</Th>
              {admin ? <Th className="text-right">Actions</Th> : null}
            </Tr>
          </THead>
          <TBody>
            {sites.map((s) => (
              <Tr key={s.id}>
                <Td className="font-medium text-slate-900">{s.name}</Td>
                <Td className="text-slate-700">{s.address ?? <span className="text-slate-500">—</span>}</Td>
                <Td className="whitespace-nowrap text-slate-700">{s.timeZone}</Td>
                <Td className="whitespace-nowrap">
                  <DevicesLink site={s} />
                </Td>
                {admin ? (
                  <Td className="space-x-2 text-right whitespace-nowrap">
                    <Actions site={s} may={may} onAction={onAction} />
                  </Td>
                ) : null}
              </Tr>
            ))}
          </TBody>
        </Table>
      </div>
    </>
  );
}
