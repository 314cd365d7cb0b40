import type { Metadata } from 'next';
import { ApiReference } from '@/components/api-docs/api-reference';
import { openApiDocument } from '@/app/api/v37/openapi.json/document';

export const metadata: Metadata = { title: 'API reference' };

// per request like every page: Next.js gives its scripts the nonce of the request's Content-Security-Policy (proxy.ts)
export const dynamic = 'force-dynamic';

// /docs/api: the API reference, public, rendered from the same document as /api/v37/openapi.json.
export default function ApiDocsPage() {
  return <ApiReference doc={openApiDocument()} />;
}
