import { route } from '@/lib/http/route';

// GET /api/bench/noop: the benchmark's baseline. Authenticated exactly like every /api/v37 read,
// then returns a constant envelope: the framework's own ceiling on this machine.
export const GET = route({ scopes: ['Device.Read', 'Device.ReadWrite'] }, async () => ({ ok: true }));
