import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { failure } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { enterPinAtKeypad } from '@/lib/domain/pins/keypad';
import { getSimulatorControl } from '@/lib/devices';

const enter = route(
  {
    // a right PIN opens the door: a read-only key may not type one
    scopes: ['Device.ReadWrite', 'Lock.Operate'],
    params: z.object({ id: pathId() }),
    body: z.object({
      pin: z
        .string({ error: 'must be the digits typed, as text' })
        .min(1, 'must not be empty')
        .max(32, 'at most 32 keys'),
    }),
  },
  (ctx, { params, body }) => enterPinAtKeypad(ctx, params.id, body.pin),
);

// POST /api/sim/lock/{id}/keypad {pin}: simulator control plane, someone types a PIN at the lock.
// -> 200 {event: 61 | 62 | 75 | null (ignored: locked out), unlocked, lockedOutUntil}. Absent (404) unless SIM_CONTROL=1.
export async function POST(
  req: NextRequest,
  rc: { params: Promise<Record<string, string | string[]>> },
): Promise<Response> {
  if (!getSimulatorControl()) return failure(404, ['Not found.']);
  return enter(req, rc);
}
