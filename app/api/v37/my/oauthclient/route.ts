import { z } from 'zod';
import { listDeveloperApps, registerApp } from '@/lib/domain/apps/developer';
import { AppRegistered, DeveloperApp } from '@/lib/domain/apps/schemas';
import { reply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';

const body = z.object({
  name: z.string({ error: 'must be a text' }).max(200, 'must be at most 80 characters'),
  redirectUris: z
    .array(z.string({ error: 'must be an address' }).max(2000, 'must be at most 2000 characters'), {
      error: 'must be a list of addresses',
    })
    .max(50, 'at most 10 addresses'),
  logo: z.string({ error: 'must be a data: URL' }).max(100_000, 'must be at most 64 KB').nullish(),
  isPublic: z.boolean({ error: 'must be true or false' }).optional(),
});

// GET /api/v37/my/oauthclient: the third-party apps the caller registered (Settings > Developer)
export const GET = route(
  {
    summary: 'The apps the caller registered',
    responses: { 200: z.array(DeveloperApp) },
    scopes: ['Account.Read', 'Account.ReadWrite'],
  },
  (ctx) => listDeveloperApps(ctx),
);

// POST /api/v37/my/oauthclient: register an app; its secret (confidential apps) is in this answer only
export const POST = route(
  {
    summary: 'Register an app; its secret is in this answer only',
    responses: { 201: AppRegistered },
    scopes: ['Account.ReadWrite'],
    body,
    maxBody: 128 * 1024,
  },
  async (ctx, { body }) => reply.created(await registerApp(ctx, body)),
);
