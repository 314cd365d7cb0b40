import { HydrationBoundary } from '@tanstack/react-query';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { AppShell } from '@/components/shell/app-shell';
import { sessionCtx, sessionMe } from '@/lib/auth/session';
import { orgKeys, portalOrganizations } from '@/lib/client/organization-keys';
import { seededState } from '@/lib/client/seeded';
import type { Me } from '@/lib/domain/shell/me';
import { DomainError } from '@/lib/domain/errors';
import { listMyOrganizations } from '@/lib/domain/organizations/organizations';

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
  let me: Me;
  let organizations: Awaited<ReturnType<typeof listMyOrganizations>> | undefined;
  try {
    // the organizations as GET /organization answers them, read with the page: nearly every page
    // asks for them first (its organization's sites, people, groups), a round trip after the
    // browser has run its script (issue 34)
    [me, organizations] = await Promise.all([sessionMe(ctx), listMyOrganizations(ctx).catch(() => undefined)]);
  } catch (e) {
    // The session outlived its account: sign in again.
    if (e instanceof DomainError && e.code === 'not_found') redirect(await signInUrl());
    throw e;
  }
  return (
    <HydrationBoundary state={seededState([[orgKeys.mine, organizations && portalOrganizations(organizations)]])}>
      <AppShell user={me.user} organization={me.organizations[0] ?? null}>
        {children}
      </AppShell>
    </HydrationBoundary>
  );
}
