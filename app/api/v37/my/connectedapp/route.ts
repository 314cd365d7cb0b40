import { z } from 'zod';
import { listConnectedApps } from '@/lib/domain/apps/connected';
import { ConnectedApp } from '@/lib/domain/apps/schemas';
import { route } from '@/lib/http/route';

// GET /api/v37/my/connectedapp: the apps the caller let act for them, with scopes and last use
export const GET = route(
  {
    summary: 'The apps the caller let act for them, with scopes and last use',
    responses: { 200: z.array(ConnectedApp) },
    scopes: ['Account.Read', 'Account.ReadWrite'],
  },
  (ctx) => listConnectedApps(ctx),
);
