import { HydrationBoundary, type QueryKey } from '@tanstack/react-query';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { AppShell } from '@/components/shell/app-shell';
import { sessionCtx, sessionMe } from '@/lib/auth/session';
import { lockdownKeys, orgKeys, portalOrganizations, siteKeys, SITES_PAGE } from '@/lib/client/organization-keys';
import { seededState } from '@/lib/client/seeded';
import type { Me } from '@/lib/domain/shell/me';
import { DomainError } from '@/lib/domain/errors';
import { listMyOrganizations } from '@/lib/domain/organizations/organizations';
import { listLockdowns } from '@/lib/domain/lockdown/control';
import { listSites } from '@/lib/domain/sites/sites';
import type { Ctx } from '@/lib/domain/context';

// Per request: who is signed in decides everything below.
export const dynamic = 'force-dynamic';

async function signInUrl(): Promise<string> {
  // proxy.ts passes the requested path so the user comes back to it after signing in.
  const path = (await headers()).get('x-pathname');
  return path && path !== '/' ? `/sign-in?callbackUrl=${encodeURIComponent(path)}` : '/sign-in';
}

export default async function PortalLayout({ children }: { children: React.ReactNode }) {
  const ctx = await sessionCtx();
  if (!ctx) redirect(await signInUrl());
  // the organizations as GET /organization answers them, read with the page: nearly every page
  // asks for them first (its organization's sites, people, groups), a round trip after the
  // browser has run its script (issue 34)
  const organizations = listMyOrganizations(ctx).catch(() => undefined);
  let me: Me;
  try {
    me = await sessionMe(ctx);
  } catch (e) {
    // The session outlived its account: sign in again.
    if (e instanceof DomainError && e.code === 'not_found') redirect(await signInUrl());
    throw e;
  }
  const current = me.organizations[0];
  const [orgs, shell] = await Promise.all([organizations, current ? shellReads(ctx, current) : []]);
  return (
    <HydrationBoundary state={seededState([[orgKeys.mine, orgs && portalOrganizations(orgs)], ...shell])}>
      <AppShell user={me.user} organization={current ?? null}>
        {children}
      </AppShell>
    </HydrationBoundary>
  );
}

/**
 * What the shell of every page asks of the API for the current organization once the page has
 * loaded, read with the page instead (issue 34: two requests fewer per page view, each a
 * millisecond's read here): the active lockdowns (the banner) and the sites (the site filters),
 * the latter only when one page holds them all, as the browser's query reads them. A read that
 * fails is left to the browser. (An administrator's second-factor banner still asks for the
 * security rule once the page has hydrated: see SecondFactorBanner.)
 */
async function shellReads(ctx: Ctx, org: { id: number }): Promise<[QueryKey, unknown][]> {
  const quiet = <T,>(p: Promise<T>) => p.catch(() => undefined);
  const [lockdowns, sites] = await Promise.all([
    quiet(listLockdowns(ctx, { organizationId: org.id, active: true })),
    quiet(listSites(ctx, { organizationId: org.id, page: 1, itemsPerPage: SITES_PAGE })),
  ]);
  return [
    [lockdownKeys.active(org.id), lockdowns],
    [siteKeys.every(org.id), sites && sites.length < SITES_PAGE ? sites : undefined],
  ];
}
