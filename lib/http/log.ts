import { config } from '@/lib/config';

/**
 * The request log (docs/security.md, "Headers and logs"): one JSON line per API request, never its
 * query string, headers or body. Errors: lib/log.ts.
 */

export interface RequestLine {
  id: string;
  method: string;
  route: string;
  status: number;
  ms: number;
}

/** The request line of an API call. REQUEST_LOG=0 turns them off (the tests do). */
export function logRequest(r: RequestLine): void {
  if (!config().REQUEST_LOG) return;
  process.stdout.write(`${JSON.stringify({ t: new Date().toISOString(), level: 'info', ...r })}\n`);
}

/** The path of a request as logged: a link token in it is masked (a link URL opens doors). */
export const loggedRoute = (pathname: string) => pathname.replace(/\/link\/[^/]+/, '/link/:token').slice(0, 200);
