import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '@/app/api/v37/openapi.json/document';
import { ApiReference } from '@/components/api-docs/api-reference';

describe('the API reference page (/docs/api)', () => {
  it('shows every operation and webhook of the document, with nothing loaded from elsewhere', () => {
    const doc = openApiDocument() as { paths: Record<string, object>; webhooks: Record<string, object> };
    const html = renderToStaticMarkup(createElement(ApiReference, { doc }));
    for (const p of Object.keys(doc.paths)) expect(html).toContain(p.replaceAll('&', '&amp;'));
    for (const w of Object.keys(doc.webhooks)) expect(html).toContain(w);
    expect(html).not.toMatch(/<script|<link|<iframe|(src|href)="(https?:)?\/\//i);
  });
});
