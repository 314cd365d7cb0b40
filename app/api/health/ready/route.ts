import { withEdge } from '@/lib/http/edge';
import { readiness } from '../readiness';

export const dynamic = 'force-dynamic';

// GET /api/health/ready: readiness, the process can reach its database (200, else 503). For start
// scripts and for taking a new process into service; GET /api/health answers the same.
export const GET = withEdge(readiness);
