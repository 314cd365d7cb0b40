'use client';

import type { ReactNode } from 'react';
import { Card, Pagination, QueryView, type QueryLike } from '@/components/ui';
import { SearchBox } from './search-box';

/**
 * A searched, paged list in a card, as the organization's groups, sites, members and access links
 * show theirs: the search box (its text in the URL's `q`) with any filters beside it, the list's
 * ladder (QueryView: loading, error, empty), and the pages under it once read (on an empty page past
 * the first too, so there is a way back).
 */
export function SearchedList<T>({
  search,
  filters,
  query,
  loading,
  empty,
  isEmpty,
  page,
  itemsPerPage,
  rows,
  children,
}: {
  search: { label: string; placeholder: string };
  /** controls beside the search box (a role filter) */
  filters?: ReactNode;
  query: QueryLike<T>;
  loading: { rows: number; label: string };
  empty: ReactNode;
  /** when the data counts as empty (by default an empty list) */
  isEmpty?: (data: T) => boolean;
  page: number;
  itemsPerPage: number;
  /** how many rows this page holds: a full page means there may be a next one */
  rows: (data: T) => number;
  children: (data: T) => ReactNode;
}) {
  const shown = query.data === undefined ? undefined : rows(query.data);
  return (
    <Card flush>
      <div
        className={
          filters ? 'flex flex-col gap-2 border-b border-slate-200 p-3 sm:flex-row' : 'border-b border-slate-200 p-3'
        }
      >
        <SearchBox label={search.label} placeholder={search.placeholder} />
        {filters}
      </div>
      <QueryView query={query} loading={loading} empty={empty} isEmpty={isEmpty}>
        {children}
      </QueryView>
      {shown !== undefined && (shown > 0 || page > 1) ? (
        <Pagination
          page={page}
          itemsPerPage={itemsPerPage}
          hasNext={shown === itemsPerPage}
          className="border-t border-slate-200 px-4"
        />
      ) : null}
    </Card>
  );
}
