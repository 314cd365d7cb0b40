import { z } from 'zod';
import { pathId, qInt } from '@/lib/http/query';

export const params = z.object({ id: pathId() });

/** unlock mode (decisions.md): absent or 0 normal, 2 force, 3 without auto pull spring, 4 unlock or pull */
export const modeQuery = z.object({
  mode: qInt(0, 4)
    .refine((m) => m !== 1, 'must be 0, 2, 3 or 4')
    .optional(),
});
