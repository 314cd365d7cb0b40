import { dehydrate, QueryClient, type DehydratedState, type QueryKey } from '@tanstack/react-query';

/**
 * What a server page read, for a `HydrationBoundary`: each answer under the key of the browser's own
 * query, as the browser would have read it (through JSON: dates as strings, no undefined). An entry
 * without data (a read that failed or was not made) is left out, and the browser's query asks the
 * API itself.
 */
export function seededState(entries: [QueryKey, unknown][]): DehydratedState {
  const qc = new QueryClient();
  for (const [key, data] of entries) if (data !== undefined) qc.setQueryData(key, JSON.parse(JSON.stringify(data)));
  return dehydrate(qc);
}
