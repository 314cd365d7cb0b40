import { z } from 'zod';
import type { NextRequest } from 'next/server';
import { benchEnabled } from '@/lib/config/env';
import { failure } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';

// GET /api/bench/memory?gc=1: this process's id and memory (bytes), for the bench's soak, which asks
// each process of a cluster directly on its own port and reads its RSS from /proc/<pid>/status as
// well. gc=1 first runs a full collection where the process has one (node --expose-gc, as the soak
// starts it), so heapUsed is then what the process holds on to, not where its collector happens to be.
const memory = route(
  { scopes: ['Device.Read', 'Device.ReadWrite'], query: z.object({ gc: z.enum(['1']).optional() }) },
  async (_ctx, { query }) => {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (query.gc && gc) gc();
    const m = process.memoryUsage();
    return {
      pid: process.pid,
      rss: m.rss,
      heapUsed: m.heapUsed,
      heapTotal: m.heapTotal,
      external: m.external,
      collected: !!(query.gc && gc),
    };
  },
);

// Only with BENCH=1 (the bench sets it); otherwise it does not exist, for anyone.
export const GET = (req: NextRequest, rc: Parameters<typeof memory>[1]) =>
  benchEnabled() ? memory(req, rc) : Promise.resolve(failure(404, ['Not found.']));
