'use client';

import { Link } from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import {
  Button,
  Card,
  EmptyState,
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
  TextField,
} from '@/components/ui';
import type { MyOrganization } from '@/lib/client/organization';
import { personHref, usePeoplePage, type PersonSummary } from '@/lib/client/people';
import { useDebounced } from '@/lib/client/use-debounced';
import { SiteFilter, siteIdOf, useSiteNames } from '@/components/sites/site-filter';
import { useUrlFilters } from '@/components/devices/use-url-filters';
import { OrgGate } from '../org-gate';
import { GiveAccessDialog } from './give-access-dialog';
import { RoleBadge } from './role-badge';

// the site filter, and the page a new search leaves
const FILTERS = ['site', 'page'] as const;

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
  const [text, setText] = useState('');
  const [giving, setGiving] = useState(false);
  const router = useRouter();
  const { values, set } = useUrlFilters(FILTERS);
  const sites = useSiteNames(org.id);
  const site = siteIdOf(values.site);
  // the search is asked for once the typing pauses, not at every letter
  const q = useDebounced(text.trim(), 250);
  // a page of them at a time, searched and filtered by the server: an organization of 2,000 people
  // and 10,000 doors answered 1.5 MB for the 50 rows drawn (issue 34)
  const { page, itemsPerPage } = usePageParams(50);
  // a new search starts at its first page (the site filter's change does so through the URL)
  const searched = useRef(q);
  useEffect(() => {
    if (searched.current === q) return;
    searched.current = q;
    if (page > 1) set('page', '');
  }, [q, page, set]);
  const list = usePeoplePage(org.id, { text: q, siteId: site, page, itemsPerPage });
  const shown = list.data?.people ?? [];
  const total = list.data?.total ?? 0;
  const siteName = site === 0 ? 'no site' : site === undefined ? null : (sites.nameOf(site) ?? 'this site');
  return (
    <>
      <PageHeader
        title="People"
        description="Everyone who belongs to the organization or can open one of its doors. Open a person to see every door they can open, and how."
        actions={
          list.data?.manageableDoorCount ? <Button onClick={() => setGiving(true)}>Give access to doors</Button> : null
        }
      />
      {giving ? (
        <GiveAccessDialog
          orgId={org.id}
          orgTimeZone={org.timeZone}
          personKey={null}
          person={null}
          onClose={() => setGiving(false)}
          onGiven={(p) => router.push(personHref(p))}
        />
      ) : null}
      <Card flush>
        <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 p-3">
          <TextField
            label="Search people"
            id="people-search"
            fieldClassName="w-full max-w-sm"
            type="search"
            placeholder="Name or e-mail"
            value={text}
            onValue={setText}
          />
          <SiteFilter
            sites={sites}
            value={site === undefined ? '' : values.site}
            onChange={(v) => set('site', v)}
            anyWithout={list.data?.manageableDoorsWithoutSite ?? false}
            className="w-full sm:w-56"
          />
        </div>
        <QueryView query={list} loading={{ rows: 5, label: 'Loading people' }}>
          {() =>
            shown.length === 0 && page > 1 && total > 0 ? (
              <EmptyState
                title="No more people"
                text={`This list has ${total} ${total === 1 ? 'person' : 'people'}: go back a page.`}
              />
            ) : shown.length === 0 ? (
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
                  {shown.map((p) => (
                    <Row key={p.userId ?? p.email} p={p} />
                  ))}
                </TBody>
              </Table>
            )
          }
        </QueryView>
      </Card>
      {total > itemsPerPage || page > 1 ? (
        <Pagination
          page={page}
          itemsPerPage={itemsPerPage}
          hasNext={page * itemsPerPage < total}
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
