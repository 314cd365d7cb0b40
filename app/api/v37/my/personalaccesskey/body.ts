import { z } from 'zod';
import { zInstant } from '@/lib/http/query';

/** The body of POST /my/personalaccesskey (the portal's form sends the same, lib/client/account.ts). */
export const newKeyBody = z.object({
  name: z.string({ error: 'must be a text' }).max(1000, 'must be at most 1000 characters'),
  scopes: z
    .array(z.string({ error: 'must be a scope name' }).max(100), { error: 'must be a list of scope names' })
    .max(100, 'at most 100 scopes'),
  validTo: zInstant().nullish(),
  days: z.number({ error: 'must be a whole number' }).int('must be a whole number').nullish(),
});
