import { withEdge } from '@/lib/http/edge';
import { notFoundPath } from '@/lib/http/api-proxy';

export const dynamic = 'force-dynamic';

// ANY /api/<a path no route serves>: 404 in the envelope (Next.js would answer its HTML page), with
// the edge's headers, correlation id and log line. Known paths asked with another method are the
// proxy's 405 (lib/http/api-proxy.ts).
const notFound = withEdge(async () => notFoundPath());

export {
  notFound as GET,
  notFound as HEAD,
  notFound as POST,
  notFound as PUT,
  notFound as PATCH,
  notFound as DELETE,
  notFound as OPTIONS,
};
