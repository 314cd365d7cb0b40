import { withEdge } from '@/lib/http/edge';
import { readiness } from './readiness';

export const dynamic = 'force-dynamic';

// GET /api/health: readiness, as /api/health/ready (start scripts, Playwright). Liveness, which the
// load balancer routes on, is /api/health/live.
export const GET = withEdge(readiness);
