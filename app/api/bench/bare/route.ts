import { benchEnabled } from '@/lib/config/env';
import { failure } from '@/lib/http/envelope';

// GET /api/bench/bare: the benchmark's second baseline (issue 34): a route handler of this build with
// no key, no rate limit, no edge wrapper, answering a constant envelope. What /api/bench/noop costs
// above it is ours (lib/http/route.ts); what it costs itself is Next.js's and the request proxy's.
const BODY = JSON.stringify({ result: { ok: true }, success: true, errorMessages: [], statusCode: 200 });

// Only with BENCH=1 (the bench sets it); otherwise it does not exist, for anyone.
export const GET = () =>
  benchEnabled()
    ? new Response(BODY, { headers: { 'content-type': 'application/json; charset=utf-8' } })
    : failure(404, ['Not found.']);
