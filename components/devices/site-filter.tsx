'use client';

import { useMemo } from 'react';
import { FormField, Select } from '@/components/ui';
import { useCurrentOrganization } from '@/lib/client/organization';
import { useAllSites, type Site } from '@/lib/client/sites';

/**
 * The sites (buildings) of the viewer's organization, for the Devices list: every site by name and
 * a device's site name by its `siteId`. None for a viewer outside an organization (sites are the
 * organization's to read), who then sees no site filter.
 */
export function useSiteNames() {
  const { org } = useCurrentOrganization();
  const q = useAllSites(org?.id);
  const sites = q.data ?? [];
  const byId = useMemo(() => new Map((q.data ?? []).map((s) => [s.id, s.name])), [q.data]);
  return {
    sites,
    loading: !!org && q.isPending,
    nameOf: (id: number | null) => (id === null ? null : (byId.get(id) ?? null)),
  };
}

/**
 * "All sites" / each site / "No site" (only when some device has none). The devices are all on the
 * page already (GET /my/device/details and the door sensors), so the list is filtered here.
 */
export function SiteFilter({
  sites,
  value,
  onChange,
  anyWithout,
}: {
  sites: { sites: Site[]; loading: boolean };
  value: string;
  onChange: (v: string) => void;
  anyWithout: boolean;
}) {
  const list = sites.sites;
  if (!list.length && !value) return null;
  const known = !value || value === 'none' || list.some((s) => String(s.id) === value);
  const unknown = sites.loading ? 'Loading sites…' : 'A site you cannot see';
  return (
    <FormField label="Site">
      <Select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All sites</option>
        {list.map((s) => (
          <option key={s.id} value={String(s.id)}>
            {s.name}
          </option>
        ))}
        {anyWithout || value === 'none' ? <option value="none">No site</option> : null}
        {known ? null : <option value={value}>{unknown}</option>}
      </Select>
    </FormField>
  );
}
