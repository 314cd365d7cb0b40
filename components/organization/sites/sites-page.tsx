'use client';

import { useState } from 'react';
import { Button, PageHeader, usePageParams, useToast, ConfirmItemDialog } from '@/components/ui';
import type { MyOrganization } from '@/lib/client/organization';
import {
  useAllSites,
  useCreateSite,
  useDeleteSite,
  useMoveDevices,
  useSites,
  useUpdateSite,
  type Site,
} from '@/lib/client/sites';
import { decideSiteChange, decideSiteReport } from '@/lib/shared/policy';
import { mayInOrg, OrgGate } from '../org-gate';
import { useSearchText } from '../search-box';
import { SearchedList } from '../searched-list';
import { MoveDevicesDialog } from './move-devices-dialog';
import { ReportsDialog } from './reports-dialog';
import { SiteDialog } from './site-dialog';
import { SitesTable, type SiteAction } from './sites-table';

export function SitesPage() {
  return <OrgGate>{(org) => <Sites org={org} />}</OrgGate>;
}

const names = (xs: { name: string }[]) => (xs.length <= 3 ? xs.map((x) => x.name).join(', ') : `${xs.length} devices`);

function Sites({ org }: { org: MyOrganization }) {
  const { page, itemsPerPage } = usePageParams(25);
  const text = useSearchText();
  const list = useSites(org.id, { page, itemsPerPage, text });
  const admin = mayInOrg(org, 'manageSites');
  // the viewer's own site limit (issue 35): a limited administrator changes only their sites and creates none
  const limit = org.siteIds;
  const may = (a: SiteAction | 'create', s?: Site) =>
    a === 'reports'
      ? !!s && decideSiteReport(org.role, limit, s.id).ok
      : admin &&
        decideSiteChange(limit, a === 'create' ? 'create' : a === 'move' ? 'move' : 'change', s ? [s.id] : []).ok;
  // every site, for where devices are now in the move dialog (only fetched for those who move them)
  const every = useAllSites(admin ? org.id : undefined);
  const create = useCreateSite(org.id);
  const update = useUpdateSite(org.id);
  const remove = useDeleteSite(org.id);
  const move = useMoveDevices(org.id);
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Site | null>(null);
  const [deleting, setDeleting] = useState<Site | null>(null);
  const [moving, setMoving] = useState<Site | null>(null);
  const [reporting, setReporting] = useState<Site | null>(null);
  const act = (a: SiteAction, s: Site) =>
    (a === 'move' ? setMoving : a === 'edit' ? setEditing : a === 'reports' ? setReporting : setDeleting)(s);
  const newSite = may('create') ? <Button onClick={() => setCreating(true)}>New site</Button> : null;
  const limited = admin && limit !== null;

  return (
    <>
      <PageHeader
        title="Sites"
        description={`The buildings of ${org.name} and how many devices each has. The Devices list shows yours, one site at a time.${limited ? ` Your administration is limited to ${limit.length === 1 ? 'one of them' : `${limit.length} of them`}: you change those only.` : ''}`}
        actions={newSite}
      />
      <SearchedList
        noun={{ one: 'site', many: 'sites' }}
        searchBy="name or address"
        query={list}
        loadingRows={3}
        page={page}
        itemsPerPage={itemsPerPage}
        rows={(sites) => sites.length}
        empty={{
          text: newSite
            ? 'Create a site for each building, then move its devices into it.'
            : 'An administrator can create sites for the buildings of the organization.',
          action: newSite,
        }}
      >
        {(sites) => <SitesTable sites={sites} admin={admin} may={may} onAction={act} />}
      </SearchedList>
      <SiteDialog
        open={creating}
        title="New site"
        initial={{ name: '', address: null, timeZone: org.timeZone }}
        submitLabel="Create site"
        onClose={() => setCreating(false)}
        onSubmit={async (fields) => {
          await create.mutateAsync(fields);
          toast.success(`Site "${fields.name}" created`);
        }}
      />
      <SiteDialog
        open={!!editing}
        title={`Edit "${editing?.name}"`}
        initial={editing ?? { name: '', address: null, timeZone: org.timeZone }}
        submitLabel="Save"
        onClose={() => setEditing(null)}
        onSubmit={async (fields, changed) => {
          if (!Object.keys(changed).length) return; // nothing to send
          await update.mutateAsync({ id: editing!.id, ...changed });
          toast.success(`Site "${fields.name}" saved`);
        }}
      />
      <ConfirmItemDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title={(s) => `Delete "${s.name}"?`}
        message="Only a site without devices can be deleted: devices are never deleted with their site."
        confirmLabel="Delete site"
        onConfirm={async (s) => {
          await remove.mutateAsync(s.id);
          toast.success(`Site "${s.name}" deleted`);
        }}
      />
      <MoveDevicesDialog
        orgId={org.id}
        limit={limit}
        site={moving}
        sites={every.data ?? list.data ?? []}
        onClose={() => setMoving(null)}
        onMove={async (site, devices) => {
          await move.mutateAsync({ siteId: site.id, deviceIds: devices.map((d) => d.id) });
          toast.success(`Moved ${names(devices)} to "${site.name}"`);
        }}
      />
      <ReportsDialog orgId={org.id} site={reporting} onClose={() => setReporting(null)} />
    </>
  );
}
