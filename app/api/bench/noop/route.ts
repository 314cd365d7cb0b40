import type { NextRequest } from 'next/server';
import { benchEnabled } from '@/lib/config/env';
import { failure } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';

// GET /api/bench/noop: the benchmark's baseline. Authenticated exactly like every /api/v37 read,
// then returns a constant envelope: the framework's own ceiling on this machine.
const noop = route({ scopes: ['Device.Read', 'Device.ReadWrite'] }, async () => ({ ok: true }));

// Only with BENCH=1 (the bench sets it); otherwise it does not exist, for anyone.
export const GET = (req: NextRequest, rc: Parameters<typeof noop>[1]) =>
  benchEnabled() ? noop(req, rc) : Promise.resolve(failure(404, ['Not found.']));
