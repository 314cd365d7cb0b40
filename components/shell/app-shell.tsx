'use client';

import { Link } from '@/components/ui/link';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { LockIcon, MenuIcon, XIcon } from '@/components/ui';
import { LiveIndicator } from '@/components/live/live-indicator';
import { LockdownNotice } from '@/components/lockdown/lockdown-notice';
import { SecondFactorBanner } from './second-factor-banner';
import { SideNav } from './side-nav';
import { SignOutButton } from './sign-out-button';

export interface ShellUser {
  email: string;
  displayName: string;
}
export interface ShellOrganization {
  id: number;
  name: string;
  role: number;
  /** the sites the viewer's administration is limited to (issue 35); null: every site */
  siteIds: readonly number[] | null;
}

const ROLE = ['Member', 'Administrator', 'Owner'];

/**
 * The signed-in frame: header (product, organization, user, sign out), the navigation as a
 * sidebar on wide screens and a collapsible panel on phones, and the page.
 */
export function AppShell({
  user,
  organization,
  children,
}: {
  user: ShellUser;
  organization: ShellOrganization | null;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  useEffect(() => setOpen(false), [pathname]); // a tapped link closes the phone menu

  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="flex h-14 items-center gap-3 px-4 lg:px-6">
          <button
            type="button"
            className="-ml-1 rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
            aria-expanded={open}
            aria-controls="mobile-nav"
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <XIcon className="h-5 w-5" /> : <MenuIcon className="h-5 w-5" />}
            <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
          </button>
          <Link href="/home" className="flex items-center gap-2 font-semibold text-slate-900">
            <span className="rounded-md bg-indigo-600 p-1 text-white">
              <LockIcon className="h-4 w-4" />
            </span>
            <span className="whitespace-nowrap">Smart-lock cloud</span>
          </Link>
          {organization ? (
            <div
              className="hidden min-w-0 items-center gap-2 border-l border-slate-200 pl-3 md:flex"
              title={`Your role: ${ROLE[organization.role] ?? 'Member'}`}
            >
              <span className="truncate text-sm font-medium text-slate-800" data-testid="current-organization">
                {organization.name}
              </span>
              <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
                {ROLE[organization.role] ?? 'Member'}
              </span>
            </div>
          ) : null}
          <div className="ml-auto flex min-w-0 items-center gap-3">
            <LiveIndicator />
            <div className="hidden min-w-0 text-right sm:block">
              <p className="truncate text-sm font-medium text-slate-900">{user.displayName}</p>
              <p className="truncate text-xs text-slate-600" data-testid="current-user">
                {user.email}
              </p>
            </div>
            <SignOutButton />
          </div>
        </div>
        {open ? (
          <div
            id="mobile-nav"
            className="max-h-[calc(100vh-3.5rem)] overflow-y-auto border-t border-slate-200 px-3 py-4 lg:hidden"
          >
            <div className="mb-4 px-3 text-sm">
              <p className="font-medium text-slate-900">{user.email}</p>
              {organization ? <p className="text-slate-600">{organization.name}</p> : null}
            </div>
            <SideNav
              onNavigate={() => setOpen(false)}
              orgRole={organization?.role ?? null}
              siteIds={organization?.siteIds ?? null}
            />
          </div>
        ) : null}
      </header>
      <div className="lg:flex lg:min-h-[calc(100vh-3.5rem)]">
        <aside className="hidden w-60 shrink-0 border-r border-slate-200 bg-white lg:block">
          <div className="sticky top-14 max-h-[calc(100vh-3.5rem)] overflow-y-auto px-3 py-6">
            <SideNav orgRole={organization?.role ?? null} siteIds={organization?.siteIds ?? null} />
          </div>
        </aside>
        <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-6xl">
            <LockdownNotice organization={organization} />
            <SecondFactorBanner organization={organization} />
            {children}
          </div>
        </main>
      </div>
    </div>
  );
}
