'use client';

import { Link } from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import {
  Button,
  Card,
  EmptyState,
  FormField,
  Input,
  PageHeader,
  Pagination,
  QueryView,
  Table,
  TBody,
  Td,
  Th,
  THead,
  Tr,
  usePageParams,
} from '@/components/ui';
import type { MyOrganization } from '@/lib/client/organization';
import { personHref, usePeople, type PersonSummary } from '@/lib/client/people';
import { SiteFilter, siteIdOf, useSiteNames } from '@/components/sites/site-filter';
import { useUrlFilters } from '@/components/devices/use-url-filters';
import { OrgGate } from '../org-gate';
import { GiveAccessDialog } from './give-access-dialog';
import { RoleBadge } from './role-badge';

const SITE = ['site'] as const;

export function PeoplePage() {
  return <OrgGate>{(org) => <People org={org} />}</OrgGate>;
}

/**
 * Organization > People: members and everyone else who can open one of the organization's doors
 * (guests outside it, addresses invited to doors), each a link to their page. What a person can
 * open is counted among the doors the viewer manages; the API decides which those are. The Site
 * filter (in the URL) keeps those who open a door of that site (issue 35).
 */
function People({ org }: { org: MyOrganization }) {
  const list = usePeople(org.id);
  const [text, setText] = useState('');
  const [giving, setGiving] = useState(false);
  const router = useRouter();
  const { values, set } = useUrlFilters(SITE);
  const sites = useSiteNames(org.id);
  const site = siteIdOf(values.site);
  const q = text.trim().toLowerCase();
  const doors = list.data?.manageableDoors ?? [];
  const shown = (list.data?.people ?? []).filter(
    (p) =>
      (!q || p.displayName.toLowerCase().includes(q) || p.email.toLowerCase().includes(q)) &&
      (site === undefined || p.siteIds.includes(site)),
  );
  // a page of them at a time: an organization of thousands drew every row at once (seconds in the
  // browser, again at each letter typed). A search that leaves fewer pages shows the last one there is
  const { page, itemsPerPage } = usePageParams(50);
  const at = Math.min(page, Math.max(1, Math.ceil(shown.length / itemsPerPage)));
  const onPage = shown.slice((at - 1) * itemsPerPage, at * itemsPerPage);
  const siteName = site === 0 ? 'no site' : site === undefined ? null : (sites.nameOf(site) ?? 'this site');
  return (
    <>
      <PageHeader
        title="People"
        description="Everyone who belongs to the organization or can open one of its doors. Open a person to see every door they can open, and how."
        actions={doors.length ? <Button onClick={() => setGiving(true)}>Give access to doors</Button> : null}
      />
      {giving ? (
        <GiveAccessDialog
          orgId={org.id}
          personKey={null}
          person={null}
          doors={doors}
          onClose={() => setGiving(false)}
          onGiven={(p) => router.push(personHref(p))}
        />
      ) : null}
      <Card flush>
        <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 p-3">
          <FormField label="Search people" id="people-search" className="w-full max-w-sm">
            <Input type="search" placeholder="Name or e-mail" value={text} onChange={(e) => setText(e.target.value)} />
          </FormField>
          <SiteFilter
            sites={sites}
            value={site === undefined ? '' : values.site}
            onChange={(v) => set('site', v)}
            anyWithout={doors.some((d) => d.siteId === null)}
            className="w-full sm:w-56"
          />
        </div>
        <QueryView query={list} loading={{ rows: 5, label: 'Loading people' }}>
          {() =>
            shown.length === 0 ? (
              <EmptyState
                title={q || siteName ? 'Nobody matches' : 'No people yet'}
                text={
                  siteName
                    ? `Nobody${q ? ' of that name' : ''} opens a door of ${siteName} among the doors you manage.`
                    : q
                      ? 'Try another name or address.'
                      : 'Invite members, or share a door, and they appear here.'
                }
              />
            ) : (
              <Table caption="People of the organization">
                <THead>
                  <Tr>
                    <Th>Person</Th>
                    <Th className="hidden sm:table-cell">Role</Th>
                    <Th className="hidden sm:table-cell">Groups</Th>
                    <Th>Doors</Th>
                  </Tr>
                </THead>
                <TBody>
                  {onPage.map((p) => (
                    <Row key={p.userId ?? p.email} p={p} />
                  ))}
                </TBody>
              </Table>
            )
          }
        </QueryView>
      </Card>
      {shown.length > itemsPerPage || at > 1 ? (
        <Pagination
          page={at}
          itemsPerPage={itemsPerPage}
          hasNext={at * itemsPerPage < shown.length}
          pageSizes={[25, 50, 100]}
        />
      ) : null}
    </>
  );
}

function Row({ p }: { p: PersonSummary }) {
  return (
    <Tr>
      <Td>
        <Link href={personHref(p)} className="font-medium text-indigo-700 hover:underline">
          {p.displayName}
        </Link>
        {p.displayName !== p.email ? <div className="text-xs text-slate-600 break-all">{p.email}</div> : null}
        <div className="mt-1 sm:hidden">
          <RoleBadge person={p} />
        </div>
      </Td>
      <Td className="hidden sm:table-cell">
        <RoleBadge person={p} />
      </Td>
      <Td className="hidden sm:table-cell text-slate-700">
        {p.groups.length ? p.groups.map((g) => g.name).join(', ') : <span className="text-slate-500">None</span>}
      </Td>
      <Td className="text-slate-700">
        {p.doorCount === 0 ? (
          <span className="text-slate-500">None</span>
        ) : (
          `${p.doorCount} ${p.doorCount === 1 ? 'door' : 'doors'}`
        )}
      </Td>
    </Tr>
  );
}
