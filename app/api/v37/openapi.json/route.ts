import { z } from 'zod';
import { res } from '@/lib/http/responses';
import { reply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { openApiDocument } from './document';

const openApi = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

// GET /api/v37/openapi.json: the OpenAPI 3.1 document of this API, made from the routes' own schemas (public, no envelope)
export const GET = route(
  {
    scopes: 'public',
    summary: 'The OpenAPI 3.1 document of this API (no envelope)',
    responses: { 200: res.flat(openApi) },
  },
  async () => reply.flat(200, openApiDocument()),
);
