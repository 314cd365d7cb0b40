'use client';

import { ErrorState } from './error-state';
import { SkeletonRows } from './skeleton';

/** What QueryView reads of a query (a React Query result fits as it is). */
export interface QueryLike<T> {
  data: T | undefined;
  error: Error | null;
  isPending: boolean;
  isFetching?: boolean;
  refetch: () => unknown;
}

export interface QueryViewProps<T> {
  query: QueryLike<T>;
  /** While loading: a node, or the house skeleton rows (`rows`, announced as `label`). */
  loading?: React.ReactNode | { rows?: number; label?: string };
  /** Other queries the view waits for before showing anything (their errors are left to them). */
  also?: { isPending: boolean }[];
  /** What to show when there is nothing (an EmptyState saying what to do next). */
  empty?: React.ReactNode;
  /** When the data counts as empty; by default when it is an empty list. */
  isEmpty?: (data: T) => boolean;
  /** Title of the ErrorState (default "Something went wrong"). */
  errorTitle?: React.ReactNode;
  /** The words of the ErrorState (default: the error's own message, the server's). */
  errorMessage?: (error: Error) => React.ReactNode;
  /**
   * What to show for this error instead of the ErrorState, which it is given (to wrap, or to replace,
   * e.g. a 404 by an EmptyState saying what it means).
   */
  renderError?: (error: Error, errorState: React.ReactNode) => React.ReactNode;
  /**
   * A failed refetch keeps showing what was read before (by default it shows as failed), e.g. where
   * an action on the page may end the viewer's right to read it again.
   */
  keepData?: boolean;
  className?: string;
  children: (data: T) => React.ReactNode;
}

function isSkeleton(x: unknown): x is { rows?: number; label?: string } {
  return typeof x === 'object' && x !== null && !('$$typeof' in x) && !Array.isArray(x);
}

/**
 * The ladder every list climbs: skeleton while loading, the server's message with "Try again" when
 * it failed (a failed refetch too, as the lists did by hand), the empty state when there is nothing,
 * else `children(data)`.
 */
export function QueryView<T>({
  query,
  loading,
  also,
  empty,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  errorTitle,
  errorMessage,
  renderError,
  keepData,
  className,
  children,
}: QueryViewProps<T>) {
  if (query.isPending || also?.some((q) => q.isPending)) {
    if (loading === undefined || isSkeleton(loading))
      return <SkeletonRows rows={loading?.rows ?? 5} label={loading?.label ?? 'Loading'} />;
    return <>{loading}</>;
  }
  if ((query.error && !keepData) || query.data === undefined) {
    const errorState = (
      <ErrorState
        title={errorTitle}
        className={className}
        message={query.error ? (errorMessage ? errorMessage(query.error) : query.error.message) : undefined}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
    return <>{query.error && renderError ? renderError(query.error, errorState) : errorState}</>;
  }
  if (empty !== undefined && isEmpty(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
