import { buildOpenApi } from '@/lib/http/openapi/document';
import * as self from './route';
import { ROUTES } from './routes';

let built: Record<string, unknown> | undefined;

/** The document, built once per process (the routes do not change while it runs). */
export function openApiDocument(): Record<string, unknown> {
  built ??= buildOpenApi([...ROUTES, { pattern: '/api/v37/openapi.json', mod: self }]);
  return built;
}
