import { withEdge } from '@/lib/http/edge';

export const dynamic = 'force-dynamic';

// GET /api/health/live: liveness, the process answers HTTP; the database is not asked. What the
// load balancer routes on (scripts/cluster.mjs): while the database is out every process is still
// alive, so each answers the API's own 503 in the envelope, with Retry-After, instead of the
// balancer answering for all of them.
export const GET = withEdge(async () => Response.json({ status: 'ok' }));
