import { z } from 'zod';
import { route } from '@/lib/http/route';
import { reply } from '@/lib/http/reply';
import { createKey } from '@/lib/domain/account/create-key';
import { listKeys } from '@/lib/domain/account/list-keys';
import { AccessKeySchema, KeyCreated } from '@/lib/domain/account/schemas';
import { newKeyBody as body } from './body';

// GET /api/v37/my/personalaccesskey: the caller's keys (including expired and revoked ones)
export const GET = route(
  {
    summary: "The caller's keys (including expired and revoked ones)",
    responses: { 200: z.array(AccessKeySchema) },
    scopes: ['Account.Read', 'Account.ReadWrite'],
  },
  (ctx) => listKeys(ctx),
);

// POST /api/v37/my/personalaccesskey: a new key; its value is in this answer only
export const POST = route(
  {
    summary: 'A new key; its value is in this answer only',
    responses: { 201: KeyCreated },
    scopes: ['Account.ReadWrite'],
    body,
  },
  async (ctx, { body }) => reply.created(await createKey(ctx, body)),
);
