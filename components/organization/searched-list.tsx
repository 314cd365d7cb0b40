'use client';

import type { ReactNode } from 'react';
import { Card, EmptyState, Pagination, QueryView, type QueryLike } from '@/components/ui';
import { SearchBox, useSearchText } from './search-box';

/**
 * A searched, paged list in a card, as the organization's groups, sites, members and access links
 * show theirs: the search box (its text in the URL's `q`) with any filters beside it, the list's
 * ladder (QueryView: loading, error, empty), and the pages under it once read (on an empty page past
 * the first too, so there is a way back). Its words come from the list's noun: "Search groups",
 * "Loading groups", "No group matches …" with a hint of what the search matches, "No groups yet".
 */
export function SearchedList<T>({
  noun,
  searchBy = 'name',
  filters,
  filtered = false,
  query,
  loadingRows,
  empty,
  isEmpty,
  page,
  itemsPerPage,
  rows,
  children,
}: {
  /** what the list holds, one and many: { one: 'group', many: 'groups' } */
  noun: { one: string; many: string };
  /** what the search matches: 'name', 'name or address' */
  searchBy?: string;
  /** controls beside the search box (a role filter) */
  filters?: ReactNode;
  /** whether those controls narrow the list now (an empty list is then "no match", not "none yet") */
  filtered?: boolean;
  query: QueryLike<T>;
  /** the loading skeleton's rows */
  loadingRows: number;
  /** when there are none at all: what to do about it (who may add them, a button that does) */
  empty: { text?: ReactNode; action?: ReactNode };
  /** when the data counts as empty (by default an empty list) */
  isEmpty?: (data: T) => boolean;
  page: number;
  itemsPerPage: number;
  /** how many rows this page holds: a full page means there may be a next one */
  rows: (data: T) => number;
  children: (data: T) => ReactNode;
}) {
  const text = useSearchText();
  const shown = query.data === undefined ? undefined : rows(query.data);
  return (
    <Card flush>
      <div
        className={
          filters ? 'flex flex-col gap-2 border-b border-slate-200 p-3 sm:flex-row' : 'border-b border-slate-200 p-3'
        }
      >
        <SearchBox label={`Search ${noun.many}`} placeholder={`Search ${noun.many} by ${searchBy}`} />
        {filters}
      </div>
      <QueryView
        query={query}
        loading={{ rows: loadingRows, label: `Loading ${noun.many}` }}
        empty={
          text || filtered ? (
            <EmptyState
              title={text ? `No ${noun.one} matches "${text}"` : `No ${noun.one} matches the filter`}
              text={`Try another ${searchBy}${filters ? ', or another filter' : ''}.`}
            />
          ) : (
            <EmptyState title={`No ${noun.many} yet`} text={empty.text} action={empty.action} />
          )
        }
        isEmpty={isEmpty}
      >
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
