'use client';

import { Link } from '@/components/ui/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/components/ui';
import { isCurrent, navFor } from './nav';

/** The list of places; the current one is marked with aria-current and a highlight. */
export function SideNav({
  onNavigate,
  orgRole,
  siteIds = null,
}: {
  onNavigate?: () => void;
  orgRole: number | null;
  siteIds?: readonly number[] | null;
}) {
  const pathname = usePathname() ?? '';
  return (
    <nav aria-label="Main" className="space-y-6">
      {navFor(orgRole, siteIds).map((section) => (
        <div key={section.title ?? 'main'}>
          {section.title ? (
            <h2 className="mb-1 px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">{section.title}</h2>
          ) : null}
          <ul className="space-y-0.5">
            {section.items.map(({ href, label, Icon }) => {
              const current = isCurrent(pathname, href);
              return (
                <li key={href}>
                  <Link
                    href={href}
                    onClick={onNavigate}
                    aria-current={current ? 'page' : undefined}
                    className={cn(
                      'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
                      current
                        ? 'bg-indigo-50 text-indigo-700'
                        : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                    )}
                  >
                    <Icon className={cn('h-5 w-5 shrink-0', current ? 'text-indigo-600' : 'text-slate-500')} />
                    {label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
