import { z } from 'zod';
import { route } from '@/lib/http/route';

// GET /api/v37/my/keypad: the caller's keypads: always an empty list, as the contract's details listing has
// (no keypad hardware exists here; the Homey app lists them when it discovers devices)
export const GET = route(
  {
    summary: "The caller's keypads: an empty list (no keypads exist here; as in /my/device/details)",
    responses: { 200: z.array(z.never()) },
    scopes: ['Device.Read', 'Device.ReadWrite'],
  },
  async () => [],
);
