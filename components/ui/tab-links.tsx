'use client';

import { Link } from './link';
import { usePathname } from 'next/navigation';
import { cn } from './cn';

export interface TabLink {
  href: string;
  label: React.ReactNode;
  /** Match only the exact path (default: the path or anything below it). */
  exact?: boolean;
}

/** Tabs that are links (each tab has its own URL); the current one gets aria-current="page". */
export function TabLinks({ tabs, label, className }: { tabs: TabLink[]; label: string; className?: string }) {
  const pathname = usePathname() ?? '';
  return (
    <nav aria-label={label} className={cn('mb-6 border-b border-slate-200', className)}>
      <ul className="-mb-px flex gap-4 overflow-x-auto">
        {tabs.map((t) => {
          const path = t.href.split('?')[0];
          const current = t.exact ? pathname === path : pathname === path || pathname.startsWith(`${path}/`);
          return (
            <li key={t.href}>
              <Link
                href={t.href}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'inline-block whitespace-nowrap border-b-2 px-1 py-2.5 text-sm font-medium',
                  current
                    ? 'border-indigo-600 text-indigo-700'
                    : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                )}
              >
                {t.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
