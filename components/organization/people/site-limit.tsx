'use client';

import { useState } from 'react';
import { Button, Card, Checkbox, FormError, useToast } from '@/components/ui';
import { type MyOrganization, useLimitSites, useOrgPerson } from '@/lib/client/organization';
import { type Site, useAllSites } from '@/lib/client/sites';
import { OrgRole } from '@/lib/shared/policy';

/**
 * The sites a person administers (issue 35), on their page, for the organization's owner: every
 * site, or only some. Narrowing ends what they handed out on doors of the other sites (the API
 * says so; the toast repeats it).
 */
export function SiteLimit({
  org,
  organizationUserId,
  name,
}: {
  org: MyOrganization;
  organizationUserId: number;
  name: string;
}) {
  const person = useOrgPerson(org.id, organizationUserId);
  const sites = useAllSites(org.id);
  const limit = useLimitSites(org.id);
  const toast = useToast();
  const current = person.data?.siteIds ?? null;

  if (org.role !== OrgRole.owner || !person.data || person.data.role === OrgRole.owner || !sites.data) return null;
  if (sites.data.length < 2 && current === null) return null;

  async function save(next: number[] | null) {
    await limit.mutateAsync({ organizationUserId, siteIds: next });
    await person.refetch();
    toast.success(
      next === null
        ? `${name} administers every site`
        : `${name} administers ${next.length === 1 ? 'one site' : `${next.length} sites`} now; what they gave on other sites' doors ended`,
    );
  }

  // the form starts from the saved limit and starts over whenever that changes (a save, another tab)
  return (
    <SiteLimitForm
      key={current?.join(',') ?? 'every'}
      current={current}
      member={person.data.role < OrgRole.administrator}
      sites={sites.data}
      organizationUserId={organizationUserId}
      name={name}
      saving={limit.isPending}
      onSave={save}
    />
  );
}

function SiteLimitForm({
  current,
  member,
  sites,
  organizationUserId,
  name,
  saving,
  onSave,
}: {
  current: number[] | null;
  /** not an administrator now: the limit reaches the doors they manage through accesses of their own */
  member: boolean;
  sites: Site[];
  organizationUserId: number;
  name: string;
  saving: boolean;
  onSave: (next: number[] | null) => Promise<void>;
}) {
  const [every, setEvery] = useState(current === null);
  const [chosen, setChosen] = useState<number[]>(current ?? []);
  const [error, setError] = useState<string | null>(null);
  const next = every ? null : [...chosen].sort((a, b) => a - b);
  const unchanged = JSON.stringify(next) === JSON.stringify(current);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await onSave(next);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The sites could not be saved.');
    }
  }

  const id = `site-limit-${organizationUserId}`;
  return (
    <Card
      title="Sites they administer"
      description={`What they may manage (PINs, sharing, settings, links) on the organization's doors${member ? ': as a member, the doors they manage through an access of their own; as an administrator, everything they administer' : ''}. They still open what their access lets them open.`}
    >
      <form onSubmit={save} className="space-y-3" noValidate>
        <fieldset className="space-y-2">
          <legend className="sr-only">Sites {name} administers</legend>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={id}
              checked={every}
              onChange={() => setEvery(true)}
              className="accent-indigo-600"
            />
            Every site
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={id}
              checked={!every}
              onChange={() => setEvery(false)}
              className="accent-indigo-600"
            />
            Only these sites
          </label>
          {!every ? (
            <div className="ml-6 grid gap-1 sm:grid-cols-2">
              {sites.map((s) => (
                <Checkbox
                  key={s.id}
                  id={`${id}-${s.id}`}
                  label={s.name}
                  hint={s.address ?? undefined}
                  checked={chosen.includes(s.id)}
                  onChange={(e) => setChosen((c) => (e.target.checked ? [...c, s.id] : c.filter((x) => x !== s.id)))}
                />
              ))}
            </div>
          ) : null}
        </fieldset>
        {!every && !unchanged ? (
          <p className="text-sm text-amber-800">
            {chosen.length ? '' : 'With no site chosen they manage no door. '}
            Accesses, PINs and links they gave on doors of other sites end when you save.
          </p>
        ) : null}
        <FormError error={error} />
        <Button type="submit" variant="secondary" loading={saving} disabled={unchanged}>
          Save sites
        </Button>
      </form>
    </Card>
  );
}
