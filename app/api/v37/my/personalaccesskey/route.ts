import { z } from 'zod';
import { route } from '@/lib/http/route';
import { zInstant } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { createKey } from '@/lib/domain/account/create-key';
import { listKeys } from '@/lib/domain/account/list-keys';
import { AccessKeySchema, KeyCreated } from '@/lib/domain/account/schemas';

const body = z.object({
  name: z.string({ error: 'must be a text' }).max(1000, 'must be at most 1000 characters'),
  scopes: z.array(z.string({ error: 'must be a scope name' }).max(100), { error: 'must be a list of scope names' }).max(100, 'at most 100 scopes'),
  validTo: zInstant().nullish(),
  days: z.number({ error: 'must be a whole number' }).int('must be a whole number').nullish(),
});

// GET /api/v37/my/personalaccesskey: the caller's keys (including expired and revoked ones)
export const GET = route({ summary: 'The caller\'s keys (including expired and revoked ones)', responses: { 200: z.array(AccessKeySchema) }, scopes: ['Account.Read', 'Account.ReadWrite'] }, (ctx) => listKeys(ctx));

// POST /api/v37/my/personalaccesskey: a new key; its value is in this answer only
export const POST = route({ summary: 'A new key; its value is in this answer only', responses: { 201: KeyCreated }, scopes: ['Account.ReadWrite'], body }, async (ctx, { body }) => reply.created(await createKey(ctx, body)));
