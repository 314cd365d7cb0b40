import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { scanApiRoutes } from '@/lib/http/api-routes-scan.mjs';
import { openApiPath } from '@/lib/http/openapi/document';
import { routeSpecOf } from '@/lib/http/route';
import { openApiDocument } from '@/app/api/v37/openapi.json/document';
import { ROUTES } from '@/app/api/v37/openapi.json/routes';
// @ts-expect-error plain JavaScript without types
import { routesModuleText } from '../../scripts/openapi-routes.mjs';
import { api } from '../support/router';

const APP = path.resolve(process.cwd(), 'app');
const v37 = () => scanApiRoutes(APP).filter(([p]) => p.startsWith('/api/v37/'));

describe('the OpenAPI document', () => {
  it('lists every route file under /api/v37 with each of its methods, and nothing else', () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, unknown>> };
    const want = v37()
      .flatMap(([p, methods]) => methods.map((m) => `${m} ${openApiPath(p)}`))
      .sort();
    const have = Object.entries(doc.paths)
      .flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`))
      .sort();
    expect(have).toEqual(want);
  });

  it('is made from a route list that is up to date (node scripts/openapi-routes.mjs writes it)', () => {
    expect(readFileSync(path.join(APP, 'api/v37/openapi.json/routes.ts'), 'utf8')).toBe(routesModuleText(APP));
  });

  it('has a summary and the answers of every operation', () => {
    const missing: string[] = [];
    for (const { pattern, mod } of ROUTES) {
      for (const m of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        if (!mod[m]) continue;
        const spec = routeSpecOf(mod[m]);
        if (!spec?.summary || !spec.responses || !Object.keys(spec.responses).length) missing.push(`${m} ${pattern}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('is valid OpenAPI 3.1', async () => {
    const r = await new Validator().validate(structuredClone(openApiDocument()));
    expect(r.errors ?? []).toEqual([]);
    expect(r.valid).toBe(true);
  });

  it('is served at /api/v37/openapi.json without credentials, in any case of the path', async () => {
    const res = await api('GET', '/api/v37/OpenAPI.json');
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe('3.1.1');
    expect(res.json.components.securitySchemes).toHaveProperty('Bearer');
    expect(res.json.components.securitySchemes).toHaveProperty('PersonalKey');
    expect(Object.keys(res.json.webhooks)).toContain('lock-status-changed');
  });
});

describe('the examples of the OpenAPI document', () => {
  it('each match the schema they illustrate', async () => {
    const { Ajv2020 } = await import('ajv/dist/2020.js');
    const doc = openApiDocument() as { components: { schemas: Record<string, { examples?: unknown[] }> } };
    const ajv = new Ajv2020({ strict: false, validateSchema: false });
    const wrong: string[] = [];
    let seen = 0;
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      for (const ex of schema.examples ?? []) {
        seen++;
        const v = ajv.compile({ ...schema, components: doc.components });
        if (!v(ex)) wrong.push(`${name}: ${ajv.errorsText(v.errors)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(seen).toBeGreaterThan(5);
  });
});
