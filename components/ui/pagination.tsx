'use client';

import { Link } from './link';
import { usePathname, useSearchParams } from 'next/navigation';
import { buttonClasses } from './button';
import { cn } from './cn';
import { pageParamsOf } from '@/lib/shared/url-values';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

export interface PaginationProps {
  page: number;
  itemsPerPage: number;
  /** The API gives no totals: there is a next page when the current one came back full. */
  hasNext: boolean;
  /** Offered page sizes; empty hides the size picker. */
  pageSizes?: number[];
  className?: string;
}

/** Reads the current URL and writes `page` / `itemsPerPage` into it, keeping the other filters. */
export function usePageParams(defaultSize = 25): { page: number; itemsPerPage: number } {
  const sp = useSearchParams();
  return pageParamsOf((k) => sp?.get(k), defaultSize);
}

export function Pagination({ page, itemsPerPage, hasNext, pageSizes = [10, 25, 50, 100], className }: PaginationProps) {
  const pathname = usePathname() ?? '';
  const sp = useSearchParams();
  const href = (changes: Record<string, number>) => {
    const q = new URLSearchParams(sp?.toString());
    for (const [k, v] of Object.entries(changes)) q.set(k, String(v));
    return `${pathname}?${q.toString()}`;
  };
  const link = (enabled: boolean, to: string, label: string, children: React.ReactNode) =>
    enabled ? (
      <Link href={to} className={buttonClasses('secondary', 'sm')} aria-label={label}>
        {children}
      </Link>
    ) : (
      <span className={buttonClasses('secondary', 'sm', 'pointer-events-none')} aria-disabled="true" aria-label={label}>
        {children}
      </span>
    );

  return (
    <nav
      aria-label="Pagination"
      className={cn('flex flex-wrap items-center justify-between gap-3 px-1 py-3 text-sm text-slate-700', className)}
    >
      <div className="flex items-center gap-2">
        {link(
          page > 1,
          href({ page: page - 1 }),
          'Previous page',
          <>
            <ChevronLeftIcon /> Previous
          </>,
        )}
        <span aria-current="page" className="px-2">
          Page {page}
        </span>
        {link(
          hasNext,
          href({ page: page + 1 }),
          'Next page',
          <>
            Next <ChevronRightIcon />
          </>,
        )}
      </div>
      {pageSizes.length > 0 ? (
        <div className="flex items-center gap-2">
          <span className="text-slate-600">Per page:</span>
          {pageSizes.map((n) =>
            n === itemsPerPage ? (
              <span
                key={n}
                aria-current="true"
                className="rounded-md bg-indigo-50 px-2 py-1 font-medium text-indigo-700"
              >
                {n}
              </span>
            ) : (
              <Link
                key={n}
                href={href({ itemsPerPage: n, page: 1 })}
                className="rounded-md px-2 py-1 hover:bg-slate-100"
              >
                {n}
              </Link>
            ),
          )}
        </div>
      ) : null}
    </nav>
  );
}
