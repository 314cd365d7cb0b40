'use client';

import { useMemo } from 'react';
import { FormField, Select } from '@/components/ui';
import { useCurrentOrganization } from '@/lib/client/organization';
import { useAllSites, type Site } from '@/lib/client/sites';

/**
 * The sites (buildings) of an organization (the viewer's current one unless `orgId` names
 * another), for the lists that filter or group by site: every site by name and a device's site
 * name by its `siteId`. None for a viewer outside an organization (sites are the organization's to
 * read), who then sees no site filter.
 */
export function useSiteNames(orgId?: number) {
  const { org } = useCurrentOrganization();
  const id = orgId ?? org?.id;
  const q = useAllSites(id);
  const sites = q.data ?? [];
  const byId = useMemo(() => new Map((q.data ?? []).map((s) => [s.id, s.name])), [q.data]);
  return {
    sites,
    loading: !!id && q.isPending,
    nameOf: (siteId: number | null) => (siteId === null ? null : (byId.get(siteId) ?? null)),
  };
}

/**
 * "All sites" / each site / "No site" (only when some device has none). Its value as the URL
 * carries it: '' every site, 'none' devices in no site, else a site's id. The Devices list filters
 * the devices it holds; paged lists (Activity, the audit log) pass it to the API's `siteId`.
 */
export function SiteFilter({
  sites,
  value,
  onChange,
  anyWithout,
  className,
}: {
  sites: { sites: Site[]; loading: boolean };
  value: string;
  onChange: (v: string) => void;
  anyWithout: boolean;
  className?: string;
}) {
  const list = sites.sites;
  if (!list.length && !value) return null;
  const known = !value || value === 'none' || list.some((s) => String(s.id) === value);
  const unknown = sites.loading ? 'Loading sites…' : 'A site you cannot see';
  return (
    <FormField label="Site" className={className}>
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

/** The URL's site value as the API's `siteId` (read the same on the server). */
export { siteIdOf } from '@/lib/shared/url-values';
